import "server-only";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { publicEntryWhere } from "../answer-key/demo";
import { db } from "../db";
import { AppError } from "../errors";
import { publishedScorerVersion } from "../versions/published-version";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
import { failureProfileFor } from "../scores/failure-profiles";
import type { FailureProfile } from "@/lib/scoring";
import { methodCard, type MethodCard } from "../submissions/method-card";

export type EntryDetail = MethodCard & {
  id: string;
  isBaseline: boolean;
  createdAt: string;
  /** When an administrator approved it (the entry's publication date). */
  approvedAt: string | null;
  /** SHA-256 over both uploaded files (duplicate detection). */
  contentSha256: string;
  answerKeyVerified: boolean;
  scoredAt: string | null;
  files: Array<{ split: string; fileName: string; sha256: string; size: number }>;
  scorerVersion: string | null;
  /** "not-rescored": approved, but no rows under the published version yet (no numbers of another version are shown). */
  scoreStatus: "scored" | "not-rescored";
  /** The published version: the one every public number belongs to. */
  publishedScorerVersion: string;
  /** The answer key the published version names. */
  answerKey: AnswerKeyInfo | null;
  scores: ScoreRowView[];
  /** Stored failure profile under the same scorer version; null when there is none. */
  failureProfile: FailureProfile | null;
};

/**
 * Public detail: approved entries only; anything else is 404 (not 403) so drafts stay invisible.
 * Scores are those of the published scorer version (none yet: `scorerVersion` null, no rows).
 * An approved entry being re-scored stays visible with its published rows.
 */
export async function getPublicEntry(id: string): Promise<EntryDetail> {
  const s = await db.submission.findFirst({
    where: { id, ...(await publicEntryWhere()) },
    include: { files: { select: { split: true, fileName: true, sha256: true, size: true }, orderBy: { split: "asc" } } },
  });
  if (!s) {
    // An unpublished entry keeps its permanent link: it answers 410 with the admin's public note.
    const gone = await db.submission.findFirst({ where: { id, reviewState: "REJECTED", publicNote: { not: null } }, select: { publicNote: true } });
    if (gone?.publicNote) throw new AppError("GONE", `This entry was removed from the leaderboard: ${gone.publicNote}`);
    throw new AppError("NOT_FOUND", "Entry not found.");
  }
  const published = await publishedScorerVersion();
  const [{ scorerVersion, rows }, answerKey] = await Promise.all([scoreRowsFor(s.id, { only: published }), answerKeyOfVersion(published)]);
  const failureProfile = await failureProfileFor(s.id, scorerVersion);
  return {
    id: s.id,
    ...methodCard(s),
    isBaseline: s.isBaseline,
    createdAt: s.createdAt.toISOString(),
    approvedAt: s.reviewedAt?.toISOString() ?? null,
    contentSha256: s.contentSha256,
    answerKeyVerified: s.answerKeyVersionId !== null,
    scoredAt: s.scoredAt?.toISOString() ?? null,
    files: s.files,
    scorerVersion,
    scoreStatus: rows.length > 0 ? "scored" : "not-rescored",
    publishedScorerVersion: published,
    answerKey,
    scores: rows,
    failureProfile,
  };
}

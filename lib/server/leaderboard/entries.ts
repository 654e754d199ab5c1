import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { publishedScorerVersion } from "../versions/published-version";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
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
  /** The official answer key it was scored against (its folder digest, as `h2hmem score` prints it). */
  answerKey: { id: string; label: string; sha256: string } | null;
  /** The author made the files public: `files[].url` serves them and `h2hmem verify` re-scores them. */
  publicPredictions: boolean;
  scoredAt: string | null;
  files: Array<{ split: string; fileName: string; sha256: string; size: number; url: string | null }>;
  scorerVersion: string | null;
  scores: ScoreRowView[];
};

/**
 * Public detail: approved entries only; anything else is 404 (not 403) so drafts stay invisible.
 * Scores are those of the published scorer version (none yet: `scorerVersion` null, no rows).
 * An approved entry being re-scored stays visible with its published rows.
 */
export async function getPublicEntry(id: string): Promise<EntryDetail> {
  const s = await db.submission.findFirst({
    where: { id, reviewState: "APPROVED" },
    include: {
      files: { select: { split: true, fileName: true, sha256: true, size: true }, orderBy: { split: "asc" } },
      answerKeyVersion: { select: { id: true, label: true, contentSha256: true } },
    },
  });
  if (!s) {
    // An unpublished entry keeps its permanent link: it answers 410 with the admin's public note.
    const gone = await db.submission.findFirst({ where: { id, reviewState: "REJECTED", publicNote: { not: null } }, select: { publicNote: true } });
    if (gone?.publicNote) throw new AppError("GONE", `This entry was removed from the leaderboard: ${gone.publicNote}`);
    throw new AppError("NOT_FOUND", "Entry not found.");
  }
  const { scorerVersion, rows } = await scoreRowsFor(s.id, { only: await publishedScorerVersion() });
  return {
    id: s.id,
    ...methodCard(s),
    isBaseline: s.isBaseline,
    createdAt: s.createdAt.toISOString(),
    approvedAt: s.reviewedAt?.toISOString() ?? null,
    contentSha256: s.contentSha256,
    answerKeyVerified: s.answerKeyVersionId !== null,
    answerKey: s.answerKeyVersion ? { id: s.answerKeyVersion.id, label: s.answerKeyVersion.label, sha256: s.answerKeyVersion.contentSha256 } : null,
    publicPredictions: s.publicPredictions,
    scoredAt: s.scoredAt?.toISOString() ?? null,
    files: s.files.map((f) => ({ ...f, url: s.publicPredictions ? `/api/v1/entries/${s.id}/files/${f.split}` : null })),
    scorerVersion,
    scores: rows,
  };
}

import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { publishedScorerVersion } from "../versions/published-version";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
import { methodCard, type MethodCard } from "../submissions/method-card";
import { attemptsOf, type Attempts } from "../review/attempts";
import { findTombstone, tombstoneMessage, type Tombstone } from "./tombstones";

export type EntryDetail = MethodCard & {
  id: string;
  status: "approved";
  /** The attempt ledger recorded at approval (lib/server/review/attempts.ts). */
  attempts: Attempts;
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
  scores: ScoreRowView[];
};

/**
 * Public detail: approved entries only; anything else is 404 (not 403) so drafts stay invisible.
 * Scores are those of the published scorer version (none yet: `scorerVersion` null, no rows).
 * An approved entry being re-scored stays visible with its published rows.
 */
export async function getPublicEntry(id: string): Promise<EntryDetail> {
  const e = await getPublicEntryOrTombstone(id);
  if (e.status === "withdrawn") throw new AppError("GONE", tombstoneMessage(e));
  return e;
}

/** The entry, or the tombstone of one that was withdrawn or unpublished (its link keeps working). */
export async function getPublicEntryOrTombstone(id: string): Promise<EntryDetail | Tombstone> {
  const s = await db.submission.findFirst({
    where: { id, reviewState: "APPROVED" },
    include: { files: { select: { split: true, fileName: true, sha256: true, size: true }, orderBy: { split: "asc" } } },
  });
  if (!s) {
    const gone = await findTombstone(id);
    if (gone) return gone;
    throw new AppError("NOT_FOUND", "Entry not found.");
  }
  const { scorerVersion, rows } = await scoreRowsFor(s.id, { only: await publishedScorerVersion() });
  return {
    id: s.id,
    status: "approved",
    attempts: attemptsOf(s),
    ...methodCard(s),
    isBaseline: s.isBaseline,
    createdAt: s.createdAt.toISOString(),
    approvedAt: (s.approvedAt ?? s.reviewedAt)?.toISOString() ?? null,
    contentSha256: s.contentSha256,
    answerKeyVerified: s.answerKeyVersionId !== null,
    scoredAt: s.scoredAt?.toISOString() ?? null,
    files: s.files,
    scorerVersion,
    scores: rows,
  };
}

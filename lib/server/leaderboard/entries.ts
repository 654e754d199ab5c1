import "server-only";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { publicEntryWhere } from "../answer-key/demo";
import { db } from "../db";
import { AppError } from "../errors";
import { publicGeneration, StampedMemo } from "./stamped-memo";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
import { failureProfileFor } from "../scores/failure-profiles";
import type { FailureProfile } from "@/lib/scoring";
import { methodCard, type MethodCard } from "../submissions/method-card";
import { attemptsOf, type Attempts } from "../submissions/attempts";
import { findTombstone, tombstoneMessage, type Tombstone } from "./tombstones";
import { sourceOf, type EntrySource } from "../submissions/source";
import { judgeOfVersion, type JudgeInfo } from "../judge/demo-judge";

export type EntryDetail = MethodCard & {
  id: string;
  status: "approved";
  /** The attempt ledger recorded at approval (lib/server/submissions/attempts.ts). */
  attempts: Attempts;
  isBaseline: boolean;
  createdAt: string;
  /** When an administrator approved it (the entry's publication date). */
  approvedAt: string | null;
  /** SHA-256 over both uploaded files (duplicate detection). */
  contentSha256: string;
  answerKeyVerified: boolean;
  /** The author made the files public: `files[].url` serves them and `h2hmem verify` re-scores them. */
  publicPredictions: boolean;
  /** Submitted from CI (GitHub Action): repository, commit and run; null otherwise. */
  source: EntrySource | null;
  scoredAt: string | null;
  files: Array<{ split: string; fileName: string; sha256: string; size: number; url: string | null }>;
  scorerVersion: string | null;
  /** The judge of `scorerVersion` (`demo`: the quick start's fake "demo judge"); null without judge scores. */
  judge: JudgeInfo | null;
  /** "not-rescored": approved, but no rows under the published version yet (no numbers of another version are shown). */
  scoreStatus: "scored" | "not-rescored";
  /** The published version: the one every public number belongs to. */
  publishedScorerVersion: string;
  /** The answer key the published version names (its contentSha256 is the folder digest `h2hmem score` prints). */
  answerKey: AnswerKeyInfo | null;
  scores: ScoreRowView[];
  /** Stored failure profile under the same scorer version; null when there is none. */
  failureProfile: FailureProfile | null;
};

/** Approved entries only, anything else 404 (not 403) so drafts stay invisible; scores of the published version. */
export async function getPublicEntry(id: string): Promise<EntryDetail> {
  const e = await getPublicEntryOrTombstone(id);
  if (e.status === "withdrawn") throw new AppError("GONE", tombstoneMessage(e));
  return e;
}

// Read once per public generation (./stamped-memo.ts): it depends only on published scores. Tombstones and unknown ids are read every time.
const details = new StampedMemo<EntryDetail | null>(500);

/** The entry, or the tombstone of one that was withdrawn or unpublished (its link keeps working). */
export async function getPublicEntryOrTombstone(id: string): Promise<EntryDetail | Tombstone> {
  const gen = await publicGeneration();
  const detail = await details.get(gen, id, () => readPublicEntry(id, gen.scorerVersion));
  if (detail) return detail;
  const gone = await findTombstone(id);
  if (gone) return gone;
  throw new AppError("NOT_FOUND", "Entry not found.");
}

async function readPublicEntry(id: string, published: string): Promise<EntryDetail | null> {
  const s = await db.submission.findFirst({
    where: { id, ...(await publicEntryWhere()) },
    include: {
      files: { select: { split: true, fileName: true, sha256: true, size: true }, orderBy: { split: "asc" } },
      answerKeyVersion: { select: { isDemo: true } },
    },
  });
  if (!s) return null;
  const [{ scorerVersion, rows }, answerKey] = await Promise.all([
    scoreRowsFor(s.id, { only: published }),
    answerKeyOfVersion(published),
  ]);
  const failureProfile = await failureProfileFor(s.id, scorerVersion);
  return {
    id: s.id,
    status: "approved",
    attempts: attemptsOf(s),
    ...methodCard(s),
    isBaseline: s.isBaseline,
    createdAt: s.createdAt.toISOString(),
    approvedAt: (s.approvedAt ?? s.reviewedAt)?.toISOString() ?? null,
    contentSha256: s.contentSha256,
    // The quick start's synthetic seed key is no official key: its entries are not "verified" (issue 32).
    answerKeyVerified: s.answerKeyVersion !== null && !s.answerKeyVersion.isDemo,
    publicPredictions: s.publicPredictions,
    source: sourceOf(s),
    scoredAt: s.scoredAt?.toISOString() ?? null,
    files: s.files.map((f) => ({ ...f, url: s.publicPredictions ? `/api/v1/entries/${s.id}/files/${f.split}` : null })),
    scorerVersion,
    judge: judgeOfVersion(scorerVersion),
    scoreStatus: rows.length > 0 ? "scored" : "not-rescored",
    publishedScorerVersion: published,
    answerKey,
    scores: rows,
    failureProfile,
  };
}

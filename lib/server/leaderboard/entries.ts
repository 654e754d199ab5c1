import "server-only";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { publicEntryWhere } from "../answer-key/demo";
import { db } from "../db";
import { AppError } from "../errors";
import { StampedMemo } from "../public-cache/generation";
import { publishedScorerVersion } from "../versions/published-version";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
import { failureProfileFor } from "../scores/failure-profiles";
import { evidenceReportFor } from "../scores/evidence-reports";
import type { EvidenceReport, FailureProfile } from "@/lib/scoring";
import { methodCard, type MethodCard } from "../submissions/method-card";
import { attemptsOf, type Attempts } from "../submissions/attempts";
import { findTombstone, tombstoneMessage, type Tombstone } from "./tombstones";
import { sourceOf, type EntrySource } from "../submissions/source";
import { judgeOfVersion, type JudgeInfo } from "../judge/demo-judge";
import { entryRuns } from "../scores/run-scores";
import { reproductionsOf, tierOf, type Reproduction, type Tier } from "./trust-tier";

export type EntryDetail = MethodCard & {
  id: string;
  status: "approved";
  attempts: Attempts;
  isBaseline: boolean;
  createdAt: string;
  approvedAt: string | null;
  contentSha256: string;
  answerKeyVerified: boolean;
  publicPredictions: boolean;
  source: EntrySource | null;
  scoredAt: string | null;
  files: Array<{ split: string; fileName: string; sha256: string; size: number; url: string | null }>;
  scorerVersion: string | null;
  judge: JudgeInfo | null;
  /** "not-rescored": no rows under the published version yet (other versions' numbers are never shown). */
  scoreStatus: "scored" | "not-rescored";
  publishedScorerVersion: string;
  answerKey: AnswerKeyInfo | null;
  scores: ScoreRowView[];
  failureProfile: FailureProfile | null;
  /** k replicate runs averaged in `scores` (docs/SCORING.md §9d); `runIds`: the entry first, each with its own drill-down. */
  runs: number;
  flipRate: number | null;
  runIds: string[];
  tier: Tier;
  reproductions: Reproduction[];
  /** null: the entry sent no retrieved_sessions (not reported). */
  evidence: EvidenceReport | null;
};

/** Anything but an approved entry is 404 (not 403), so drafts stay invisible. */
export async function getPublicEntry(id: string): Promise<EntryDetail> {
  const e = await getPublicEntryOrTombstone(id);
  if (e.status === "withdrawn") throw new AppError("GONE", tombstoneMessage(e));
  return e;
}

// Depends only on published scores; tombstones and unknown ids are read every time.
const details = new StampedMemo<EntryDetail | null>(500);

export async function getPublicEntryOrTombstone(id: string): Promise<EntryDetail | Tombstone> {
  const detail = await details.get(id, async () => readPublicEntry(id, await publishedScorerVersion()));
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
  const [failureProfile, evidence] = await Promise.all([
    failureProfileFor(s.id, scorerVersion),
    evidenceReportFor(s.id, scorerVersion),
  ]);
  const [runs, reproductions] = scorerVersion
    ? await Promise.all([entryRuns(s.id, scorerVersion), reproductionsOf(s.id, scorerVersion)])
    : [null, []];
  const runRows = new Map((runs?.rows ?? []).map((r) => [`${r.split}|${r.scope}|${r.metric}|${r.aggregate}`, r]));
  return {
    id: s.id,
    status: "approved",
    attempts: attemptsOf(s),
    ...methodCard(s),
    isBaseline: s.isBaseline,
    createdAt: s.createdAt.toISOString(),
    approvedAt: (s.approvedAt ?? s.reviewedAt)?.toISOString() ?? null,
    contentSha256: s.contentSha256,
    // The quick start's synthetic seed key is no official key.
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
    // With replicate runs each score is the mean over runs with the item x run interval and the run spread.
    scores: rows.map((r) => {
      const m = runRows.get(`${r.split}|${r.scope}|${r.metric}|${r.aggregate}`);
      return m ? { ...r, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh, runSd: m.runSd } : { ...r, runSd: null };
    }),
    failureProfile,
    evidence,
    runs: runs?.runs ?? 1,
    flipRate: runs?.flipRate ?? null,
    runIds: runs?.runIds ?? [s.id],
    tier: tierOf(s.sourceVerifiedAt !== null, reproductions),
    reproductions,
  };
}

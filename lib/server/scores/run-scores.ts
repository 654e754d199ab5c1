import "server-only";
import {
  aggregateRuns,
  alignRuns,
  type CategoryCode,
  type QuestionResult,
  type RunScoreRow,
  type Split,
} from "@/lib/scoring";
import { db } from "../db";
import { StampedMemo } from "../public-cache/generation";
import { QUESTION_ORDER } from "./question-scores";

// An entry's replicate runs (docs/SCORING.md §9d), computed from the stored per-question scores when read:
// no table of its own, so nothing to keep in step; cached per public generation like the board.

/** `runIds`: the entry first, then its approved runs scored under the version, oldest first. */
export type EntryRuns = { runs: number; flipRate: number | null; rows: RunScoreRow[] | null; runIds: string[] };

/** Approved, on the board (not withdrawn) and scored under the version (its headline row). */
export const approvedScored = (scorerVersion: string) => ({
  reviewState: "APPROVED" as const,
  removedAt: null,
  scores: { some: { scorerVersion, split: "overall", scope: "ALL", metric: "f1", aggregate: "micro" } },
});

const questions = new StampedMemo<Map<string, QuestionResult>>(64);
const entries = new StampedMemo<EntryRuns>(500);

/**
 * A submission's questions by answer-key qid (split#index without a key). With a key, a key question it
 * did not answer scores 0 in every metric, as in its own aggregates (scoring and the judge's empty answer).
 */
export function questionResultsOf(submissionId: string, scorerVersion: string): Promise<Map<string, QuestionResult>> {
  return questions.get(`${submissionId}|${scorerVersion}`, async () => {
    const [sub, rows] = await Promise.all([
      db.submission.findUnique({ where: { id: submissionId }, select: { answerKeyVersionId: true } }),
      db.questionScore.findMany({
        where: { submissionId, scorerVersion },
        orderBy: QUESTION_ORDER,
        select: {
          split: true,
          index: true,
          precision: true,
          recall: true,
          f1: true,
          bleu1: true,
          judgeScore: true,
          prediction: { select: { category: true, referenceQuestion: { select: { qid: true, category: true } } } },
        },
      }),
    ]);
    const keyed = sub?.answerKeyVersionId != null;
    const judged = rows.some((r) => r.judgeScore !== null);
    const out = new Map<string, QuestionResult>();
    for (const r of rows) {
      const ref = r.prediction.referenceQuestion;
      if ((keyed && !ref) || r.f1 === null) continue; // unmatched or duplicate: not in the aggregates
      const { precision, recall, f1, bleu1 } = r;
      out.set(ref?.qid ?? `${r.split}#${r.index}`, {
        split: r.split as Split,
        category: (ref?.category ?? r.prediction.category) as CategoryCode,
        qid: ref?.qid ?? null,
        metrics: { precision, recall, f1, bleu1, ...(judged ? { judge: r.judgeScore } : {}) },
      });
    }
    if (keyed) {
      const missing = await db.referenceQuestion.findMany({
        where: { versionId: sub!.answerKeyVersionId!, predictions: { none: { submissionId } } },
        select: { qid: true, split: true, category: true },
      });
      for (const q of missing) {
        const zero = { precision: 0, recall: 0, f1: 0, bleu1: 0, ...(judged ? { judge: 0 } : {}) };
        out.set(q.qid, { split: q.split as Split, category: q.category as CategoryCode, qid: q.qid, metrics: zero });
      }
    }
    return out;
  });
}

export function entryRuns(entryId: string, scorerVersion: string): Promise<EntryRuns> {
  return entries.get(`${entryId}|${scorerVersion}`, async () => {
    const runs = await db.submission.findMany({
      where: { runOf: entryId, ...approvedScored(scorerVersion) },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    const runIds = [entryId, ...runs.map((r) => r.id)];
    if (runIds.length < 2) return { runs: 1, flipRate: null, rows: null, runIds };
    const results = await Promise.all(runIds.map((id) => questionResultsOf(id, scorerVersion)));
    const { runs: k, flipRate, rows } = aggregateRuns(alignRuns(results));
    return { runs: k, flipRate, rows, runIds };
  });
}

/** Every id gets its runs; only entries with approved runs cost a computation. */
export async function runsOfEntries(ids: string[], scorerVersion: string): Promise<Map<string, EntryRuns>> {
  const withRuns = await db.submission.groupBy({
    by: ["runOf"],
    where: { runOf: { in: ids }, ...approvedScored(scorerVersion) },
  });
  const many = new Set(withRuns.map((g) => g.runOf!));
  const out = new Map<string, EntryRuns>();
  await Promise.all(
    ids.map(async (id) =>
      out.set(
        id,
        many.has(id) ? await entryRuns(id, scorerVersion) : { runs: 1, flipRate: null, rows: null, runIds: [id] },
      ),
    ),
  );
  return out;
}

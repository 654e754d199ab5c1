import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, pairedBootstrap, type CategoryCode } from "@/lib/scoring";
import { db } from "../db";
import { publicEntryWhere } from "../answer-key/demo";
import { boardMetricSchema, DEFAULT_METRIC } from "./params";
import { StampedMemo } from "../public-cache/generation";
import { publishedScorerVersion } from "../versions/published-version";
import { QUESTION_ORDER, QUESTION_SCORE_SELECT } from "../scores/question-scores";

const idSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/);

/** `ids=a,b,c`; the older `a=`/`b=` form is still read. */
const compareParamsSchema = z.object({
  ids: z.array(idSchema).max(4).catch([]).default([]),
  metric: boardMetricSchema.catch(DEFAULT_METRIC).default(DEFAULT_METRIC),
});
type CompareParams = z.infer<typeof compareParamsSchema>;

const all = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v !== undefined ? [v] : []);

export function parseCompareParams(raw: Record<string, string | string[] | undefined>): CompareParams {
  const ids = [...all(raw.ids).flatMap((s) => s.split(",")), ...all(raw.a), ...all(raw.b)]
    .map((s) => s.trim())
    .filter(Boolean);
  return compareParamsSchema.parse({
    ids: [...new Set(ids)].slice(0, 4),
    metric: Array.isArray(raw.metric) ? raw.metric[0] : raw.metric,
  });
}

/** The form's slots send one (maybe empty) `ids` each: one comma-separated list; null when already tidy. */
export function tidyCompareQuery(raw: Record<string, string | string[] | undefined>): string | null {
  const sent = all(raw.ids);
  if (sent.length <= 1 && !sent.some((v) => v.trim() === "")) return null;
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    if (k === "ids") {
      const ids = sent
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > 0) out.set("ids", [...new Set(ids)].join(","));
    } else for (const one of all(v)) out.append(k, one);
  }
  return out.toString();
}

type Metric = CompareParams["metric"];
export type PairedResult = {
  scope: "ALL" | CategoryCode;
  n: number;
  meanA: number;
  meanB: number;
  diff: number;
  ciLow: number;
  ciHigh: number;
  pValue: number;
};
type QuestionScores = Map<string, { category: string; value: number | null }>;

const METRIC_FIELD = {
  f1: "f1",
  bleu1: "bleu1",
  precision: "precision",
  recall: "recall",
  judge: "judgeScore",
} as const;

// Depends only on the published scores: computed once per public generation.
const pickList = new StampedMemo<Array<{ id: string; methodName: string; track: string }>>(1);
const questionMemo = new StampedMemo<QuestionScores>(48); // ~2,236 questions each
const pairMemo = new StampedMemo<PairedResult[] | null>(4_000);

export async function comparableEntries(): Promise<Array<{ id: string; methodName: string; track: string }>> {
  return pickList.get("all", async () => {
    const scorerVersion = await publishedScorerVersion();
    const scores = { some: { scorerVersion, split: "overall", scope: "ALL", aggregate: "micro", metric: "f1" } };
    return db.submission.findMany({
      where: { ...(await publicEntryWhere()), scores },
      select: { id: true, methodName: true, track: true },
      orderBy: { methodName: "asc" },
    });
  });
}

/** Only for an entry with the version's headline row, so partial runs never show. */
async function perQuestion(id: string, metric: Metric, version: string): Promise<QuestionScores> {
  const headline = { scorerVersion: version, split: "overall", scope: "ALL", metric, aggregate: "micro" };
  const [shown, rows] = await Promise.all([
    db.submission.count({ where: { id, ...(await publicEntryWhere()), scores: { some: headline } } }),
    db.questionScore.findMany({
      where: { submissionId: id, scorerVersion: version },
      // The bootstrap's draws follow this order: without it the same data could give other CIs.
      orderBy: QUESTION_ORDER,
      select: {
        ...QUESTION_SCORE_SELECT,
        prediction: { select: { category: true, referenceQuestion: { select: { qid: true } } } },
      },
    }),
  ]);
  const out: QuestionScores = new Map();
  if (shown === 0) return out;
  for (const r of rows)
    out.set(r.prediction.referenceQuestion?.qid ?? `${r.split}#${r.index}`, {
      category: r.prediction.category,
      value: r[METRIC_FIELD[metric]],
    });
  return out;
}

/** Seeded paired bootstrap of A minus B per scope, over the questions both were scored on. */
function pairedByScope(qa: QuestionScores, qb: QuestionScores): PairedResult[] | null {
  if (qa.size === 0 || qb.size === 0) return null;
  const pairs: Array<{ category: string; a: number; b: number }> = [];
  for (const [k, x] of qa) {
    const y = qb.get(k);
    if (!y || x.value === null || y.value === null) continue;
    pairs.push({ category: x.category, a: x.value, b: y.value });
  }
  if (pairs.length === 0) return null;
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const results: PairedResult[] = [];
  for (const scope of ["ALL", ...CATEGORY_CODES] as const) {
    const sel = scope === "ALL" ? pairs : pairs.filter((p) => p.category === scope);
    if (sel.length === 0) continue;
    const av = sel.map((p) => p.a);
    const bv = sel.map((p) => p.b);
    results.push({
      scope,
      n: sel.length,
      meanA: mean(av),
      meanB: mean(bv),
      ...pairedBootstrap(av, bv, { resamples: 1000, seed: 20261129 }),
    });
  }
  return results;
}

/** The reference for the cache: computed from the rows now. */
export async function comparePairsUncached(ids: string[], metric: Metric, version: string): Promise<PairComparison[]> {
  const scores = await Promise.all(ids.map((id) => perQuestion(id, metric, version)));
  const out: PairComparison[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++)
      out.push({ a: ids[i]!, b: ids[j]!, results: pairedByScope(scores[i]!, scores[j]!) });
  }
  return out;
}

export function compareEntries(a: string, b: string, metric: Metric): Promise<PairedResult[] | null> {
  const questions = (id: string) =>
    questionMemo.get(`${metric}|${id}`, async () => perQuestion(id, metric, await publishedScorerVersion()));
  return pairMemo.get(`${metric}|${a}|${b}`, async () => {
    const [qa, qb] = await Promise.all([questions(a), questions(b)]);
    return pairedByScope(qa, qb);
  });
}

export type PairComparison = { a: string; b: string; results: PairedResult[] | null };

/** A = the earlier one in `ids`. */
export async function compareMany(ids: string[], metric: Metric): Promise<PairComparison[]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i]!, ids[j]!]);
  return Promise.all(pairs.map(async ([a, b]) => ({ a, b, results: await compareEntries(a, b, metric) })));
}

/** Scopes where `id` beats another entry with the 95% CI excluding 0. */
export function significantWins(
  pairs: PairComparison[],
  id: string,
): Array<{ scope: PairedResult["scope"]; over: string; diff: number; pValue: number }> {
  return pairs.flatMap((p) => {
    if (!p.results || (p.a !== id && p.b !== id)) return [];
    const sign = p.a === id ? 1 : -1;
    const over = p.a === id ? p.b : p.a;
    return p.results
      .filter((r) => (sign > 0 ? r.ciLow > 0 : r.ciHigh < 0))
      .map((r) => ({ scope: r.scope, over, diff: sign * r.diff, pValue: r.pValue }));
  });
}

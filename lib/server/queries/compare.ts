import { z } from "zod";
import { CATEGORY_CODES, pairedBootstrap, type CategoryCode } from "@/lib/scoring";
import { db } from "../db";

export const compareParamsSchema = z.object({
  a: z.string().max(40).optional().catch(undefined),
  b: z.string().max(40).optional().catch(undefined),
  metric: z.enum(["f1", "bleu1", "precision", "recall", "judge"]).catch("f1").default("f1"),
});
export type CompareParams = z.infer<typeof compareParamsSchema>;

type Metric = CompareParams["metric"];
export type PairedResult = { scope: "ALL" | CategoryCode; n: number; meanA: number; meanB: number; diff: number; ciLow: number; ciHigh: number; pValue: number };

const METRIC_FIELD = { f1: "f1", bleu1: "bleu1", precision: "precision", recall: "recall", judge: "judgeScore" } as const;

/** Approved entries to pick from. */
export async function comparableEntries(): Promise<Array<{ id: string; methodName: string }>> {
  return db.submission.findMany({ where: { reviewState: "APPROVED", status: "SCORED" }, select: { id: true, methodName: true }, orderBy: { methodName: "asc" } });
}

/**
 * Per-question scores keyed by the answer-key question (qid), or by split+index without a key.
 * Null (e.g. a judge failure) stays null and the pair is left out.
 */
async function perQuestion(id: string, metric: Metric): Promise<Map<string, { category: string; value: number | null }>> {
  const rows = await db.prediction.findMany({
    where: { submissionId: id, submission: { reviewState: "APPROVED", status: "SCORED" } },
    select: { split: true, index: true, category: true, f1: true, bleu1: true, precision: true, recall: true, judgeScore: true, referenceQuestion: { select: { qid: true } } },
  });
  const out = new Map<string, { category: string; value: number | null }>();
  for (const r of rows) out.set(r.referenceQuestion?.qid ?? `${r.split}#${r.index}`, { category: r.category, value: r[METRIC_FIELD[metric]] });
  return out;
}

/**
 * Paired bootstrap (seeded) of A minus B over the questions both were scored on. A question only
 * one entry answered counts 0 for the other, the leaderboard's rule for unanswered questions.
 */
export async function compareEntries(a: string, b: string, metric: Metric): Promise<PairedResult[] | null> {
  const [qa, qb] = await Promise.all([perQuestion(a, metric), perQuestion(b, metric)]);
  if (qa.size === 0 || qb.size === 0) return null;
  const keys = new Set([...qa.keys(), ...qb.keys()]);
  const pairs: Array<{ category: string; a: number; b: number }> = [];
  for (const k of keys) {
    const x = qa.get(k);
    const y = qb.get(k);
    if (x?.value === null || y?.value === null) continue;
    pairs.push({ category: (x ?? y)!.category, a: x?.value ?? 0, b: y?.value ?? 0 });
  }
  if (pairs.length === 0) return null;
  const scopes: Array<"ALL" | CategoryCode> = ["ALL", ...CATEGORY_CODES];
  const results: PairedResult[] = [];
  for (const scope of scopes) {
    const sel = scope === "ALL" ? pairs : pairs.filter((p) => p.category === scope);
    if (sel.length === 0) continue;
    const av = sel.map((p) => p.a);
    const bv = sel.map((p) => p.b);
    const r = pairedBootstrap(av, bv, { resamples: 1000, seed: 20261129 });
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    results.push({ scope, n: sel.length, meanA: mean(av), meanB: mean(bv), ...r });
  }
  return results;
}

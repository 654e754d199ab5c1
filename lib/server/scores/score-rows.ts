import "server-only";
import { z } from "zod";
import { db } from "../db";
import { currentScorerVersion } from "../versions/current-version";

/** One aggregate as the API shows it: the value, its 95% bootstrap interval and the question count. */
export const scoreCellSchema = z.strictObject({
  value: z.number(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  n: z.int().min(0),
});
export type ScoreCell = z.infer<typeof scoreCellSchema>;
export type ScoreRowView = ScoreCell & { split: string; scope: string; metric: string; aggregate: string };

/**
 * Score rows of one submission: the current scorer version when it has rows, else the newest
 * version it was scored under (the owner still sees their numbers while a rescore runs).
 * `only` (the public entry page: the published version) returns that version's rows or none.
 */
export async function scoreRowsFor(
  submissionId: string,
  opts: { only?: string } = {},
): Promise<{ scorerVersion: string | null; rows: ScoreRowView[] }> {
  const current = opts.only ?? (await currentScorerVersion());
  let rows = await db.score.findMany({ where: { submissionId, scorerVersion: current } });
  let version: string | null = current;
  if (rows.length === 0 && !opts.only) {
    const latest = await db.score.findFirst({
      where: { submissionId },
      orderBy: { createdAt: "desc" },
      select: { scorerVersion: true },
    });
    version = latest?.scorerVersion ?? null;
    rows = latest ? await db.score.findMany({ where: { submissionId, scorerVersion: latest.scorerVersion } }) : [];
  }
  return {
    scorerVersion: rows.length ? version : null,
    rows: rows.map((r) => ({
      split: r.split,
      scope: r.scope,
      metric: r.metric,
      aggregate: r.aggregate,
      value: r.value,
      ciLow: r.ciLow,
      ciHigh: r.ciHigh,
      n: r.n,
    })),
  };
}

/** Index rows as split -> scope -> metric -> aggregate for table rendering. */
export function indexRows(
  rows: ScoreRowView[],
): (split: string, scope: string, metric: string, aggregate: string) => ScoreCell | undefined {
  const map = new Map<string, ScoreCell>();
  for (const r of rows) map.set(`${r.split}|${r.scope}|${r.metric}|${r.aggregate}`, r);
  return (split, scope, metric, aggregate) => map.get(`${split}|${scope}|${metric}|${aggregate}`);
}

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

const VIEW = {
  split: true,
  scope: true,
  metric: true,
  aggregate: true,
  value: true,
  ciLow: true,
  ciHigh: true,
  n: true,
};

/** Falls back to the newest version scored so the owner still sees numbers during a rescore; `only` never does. */
export async function scoreRowsFor(
  submissionId: string,
  opts: { only?: string } = {},
): Promise<{ scorerVersion: string | null; rows: ScoreRowView[] }> {
  const current = opts.only ?? (await currentScorerVersion());
  let rows = await db.score.findMany({ where: { submissionId, scorerVersion: current }, select: VIEW });
  let version: string | null = current;
  if (rows.length === 0 && !opts.only) {
    const latest = await db.score.findFirst({
      where: { submissionId },
      orderBy: { createdAt: "desc" },
      select: { scorerVersion: true },
    });
    version = latest?.scorerVersion ?? null;
    rows = latest
      ? await db.score.findMany({ where: { submissionId, scorerVersion: latest.scorerVersion }, select: VIEW })
      : [];
  }
  return { scorerVersion: rows.length ? version : null, rows };
}

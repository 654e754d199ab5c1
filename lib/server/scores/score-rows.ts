import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { ScoreRow } from "@/lib/scoring";
import { db } from "../db";
import { currentScorerVersion } from "../versions/current-version";

/** One aggregate as the API shows it: the value, its 95% bootstrap interval and the question count. */
export const scoreCellSchema = z.strictObject({
  value: z.number(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  n: z.int().min(0),
  runSd: z.number().min(0).nullable().optional().meta({
    description:
      "An entry's run-to-run standard deviation of this score (sample, over its replicate runs; null with one run). Present on entries, beside the interval, which then resamples questions and runs together.",
  }),
});
export type ScoreCell = z.infer<typeof scoreCellSchema>;
export type ScoreRowView = ScoreCell & { split: string; scope: string; metric: string; aggregate: string };

/** The columns of a `ScoreRowView`. */
export const SCORE_ROW_VIEW = {
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
  let rows = await db.score.findMany({ where: { submissionId, scorerVersion: current }, select: SCORE_ROW_VIEW });
  let version: string | null = current;
  if (rows.length === 0 && !opts.only) {
    const latest = await db.score.findFirst({
      where: { submissionId },
      orderBy: { createdAt: "desc" },
      select: { scorerVersion: true },
    });
    version = latest?.scorerVersion ?? null;
    rows = latest
      ? await db.score.findMany({
          where: { submissionId, scorerVersion: latest.scorerVersion },
          select: SCORE_ROW_VIEW,
        })
      : [];
  }
  return { scorerVersion: rows.length ? version : null, rows };
}

// One INSERT ... SELECT FROM unnest(arrays): Prisma's createMany builds a statement per row.
export async function insertScoreRows(
  tx: Prisma.TransactionClient,
  submissionId: string,
  scorerVersion: string,
  rows: ScoreRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof ScoreRow>(k: K) => rows.map((r) => r[k]);
  await tx.$executeRaw`
    INSERT INTO "Score" ("id", "submissionId", "scorerVersion", "split", "scope", "metric", "aggregate", "value", "ciLow", "ciHigh", "n")
    SELECT u.id, ${submissionId}, ${scorerVersion}, u.split, u.scope, u.metric, u.aggregate, u.value, u.lo, u.hi, u.n FROM unnest(
      ${rows.map(() => randomUUID())}::text[], ${col("split")}::text[], ${col("scope")}::text[], ${col("metric")}::text[], ${col("aggregate")}::text[],
      ${col("value")}::float8[], ${col("ciLow")}::float8[], ${col("ciHigh")}::float8[], ${col("n")}::int[]
    ) AS u(id, split, scope, metric, aggregate, value, lo, hi, n)`;
}

import "server-only";
import { z } from "zod";
import { EFFICIENCY_FIELDS } from "@/lib/validation/submission-meta";
import { db } from "../db";
import type { LeaderboardEntry } from "./ranked-board";

export const costFieldSchema = z.enum(EFFICIENCY_FIELDS).catch("answerSecondsPerQuestion");
export type CostField = z.infer<typeof costFieldSchema>;

export type CostPoint = {
  id: string;
  methodName: string;
  isBaseline: boolean;
  cost: number;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  pareto: boolean;
};

/** Lower cost and higher score both better; returns the points by cost. */
function withParetoFront<T extends { cost: number; value: number }>(points: T[]): Array<T & { pareto: boolean }> {
  const sorted = [...points].sort((a, b) => a.cost - b.cost || b.value - a.value);
  let best = -Infinity;
  return sorted.map((p) => {
    const pareto = p.value > best;
    if (pareto) best = p.value;
    return { ...p, pareto };
  });
}

export async function costPoints(entries: LeaderboardEntry[], field: CostField): Promise<CostPoint[]> {
  if (entries.length === 0) return [];
  const rows = await db.submission.findMany({
    where: { id: { in: entries.map((e) => e.id) } },
    select: {
      id: true,
      storageSecondsPerSession: true,
      retrievalSecondsPerQuestion: true,
      answerSecondsPerQuestion: true,
      tokensPerQuestion: true,
    },
  });
  const cost = new Map(rows.map((r) => [r.id, r[field]]));
  const points = entries.flatMap((e) => {
    const c = cost.get(e.id);
    return c === null || c === undefined
      ? []
      : [
          {
            id: e.id,
            methodName: e.methodName,
            isBaseline: e.isBaseline,
            cost: c,
            value: e.overall.value,
            ciLow: e.overall.ciLow,
            ciHigh: e.overall.ciHigh,
          },
        ];
  });
  return withParetoFront(points);
}

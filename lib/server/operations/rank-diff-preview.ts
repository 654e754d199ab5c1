import "server-only";
import { z } from "zod";
import { rankWithTies } from "@/lib/scoring";
import type { PrismaClient } from "@/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { boardMetricSchema } from "../leaderboard/params";
import { publicEntryWhere } from "../answer-key/demo";

export const rescorePreviewQuery = z.object({
  from: z.string().min(1).max(300),
  to: z.string().min(1).max(300),
  metric: boardMetricSchema.default("judge"),
});
type RescorePreviewQuery = z.infer<typeof rescorePreviewQuery>;

export type RescorePreviewRow = {
  id: string;
  methodName: string;
  from: { value: number; rank: number; tied: boolean } | null;
  to: { value: number; rank: number; tied: boolean } | null;
  /** Positive = moves up. */
  move: number | null;
};

export async function listScorerVersions(
  db: PrismaClient = defaultDb,
): Promise<Array<{ version: string; rows: number }>> {
  const g = await db.score.groupBy({
    by: ["scorerVersion"],
    where: { split: "overall", scope: "ALL", aggregate: "micro" },
    _count: { _all: true },
  });
  return g
    .map((r) => ({ version: r.scorerVersion, rows: r._count._all }))
    .sort((a, b) => b.rows - a.rows || a.version.localeCompare(b.version));
}

export async function rescorePreview(
  q: RescorePreviewQuery,
  db: PrismaClient = defaultDb,
): Promise<RescorePreviewRow[]> {
  const rows = await db.score.findMany({
    where: {
      scorerVersion: { in: [q.from, q.to] },
      split: "overall",
      scope: "ALL",
      aggregate: "micro",
      metric: q.metric,
      // So ranks match the public board's.
      submission: await publicEntryWhere(),
    },
    select: {
      submissionId: true,
      scorerVersion: true,
      value: true,
      ciLow: true,
      ciHigh: true,
      submission: { select: { methodName: true } },
    },
  });
  const rank = (version: string) => {
    const list = rows.filter((r) => r.scorerVersion === version);
    const ranks = new Map(
      rankWithTies(list.map((r) => ({ id: r.submissionId, value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh }))).map(
        (r) => [r.id, r],
      ),
    );
    return new Map(
      list.map((r) => [
        r.submissionId,
        { value: r.value, rank: ranks.get(r.submissionId)!.rank, tied: ranks.get(r.submissionId)!.tied },
      ]),
    );
  };
  const from = rank(q.from);
  const to = rank(q.to);
  const names = new Map(rows.map((r) => [r.submissionId, r.submission.methodName]));
  const out = [...names].map(([id, methodName]): RescorePreviewRow => {
    const a = from.get(id) ?? null;
    const b = to.get(id) ?? null;
    return { id, methodName, from: a, to: b, move: a && b ? a.rank - b.rank : null };
  });
  const key = (r: RescorePreviewRow) => r.to?.rank ?? r.from?.rank ?? Number.MAX_SAFE_INTEGER;
  return out.sort((x, y) => key(x) - key(y) || x.methodName.localeCompare(y.methodName));
}

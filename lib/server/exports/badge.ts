import "server-only";
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { rankedBoard } from "../leaderboard/ranked-board";
import { judgeMetricLabel } from "../judge/demo-judge";

// Shields "endpoint" format.

export const BADGE_CACHE_SECONDS = 300;

export const badgeSchema = z.strictObject({
  schemaVersion: z.literal(1),
  label: z.literal("H2HMem"),
  message: z
    .string()
    .meta({ description: 'Rank and headline score, e.g. "#3 · judge 0.612"; "not ranked yet" before scoring.' }),
  color: z.string(),
  cacheSeconds: z.number().int().meta({ description: "How long Shields may cache the badge." }),
});
type Badge = z.infer<typeof badgeSchema>;

function badgeColor(rank: number): string {
  return rank === 1 ? "brightgreen" : rank <= 3 ? "green" : rank <= 10 ? "blue" : "informational";
}

/** Any id but an approved entry's is 404, as on the entry page. */
export async function entryBadge(id: string): Promise<Badge> {
  const approved = await db.submission.findFirst({ where: { id, reviewState: "APPROVED" }, select: { id: true } });
  if (!approved) throw new AppError("NOT_FOUND", "Entry not found.");
  for (const metric of ["judge", "f1"] as const) {
    const board = await rankedBoard({ split: "overall", metric, aggregate: "micro" });
    const me = board.entries.find((e) => e.id === id);
    if (me) {
      const label = metric === "judge" ? judgeMetricLabel(board.scorerVersion) : "F1";
      return {
        schemaVersion: 1,
        label: "H2HMem",
        // A rank is within its track: a full-context #1 must not read as the memory board's.
        message: `#${me.rank}${me.track === "memory" ? "" : ` ${me.track}`} · ${label} ${me.overall.value.toFixed(3)}`,
        color: badgeColor(me.rank),
        cacheSeconds: BADGE_CACHE_SECONDS,
      };
    }
  }
  return {
    schemaVersion: 1,
    label: "H2HMem",
    message: "not ranked yet",
    color: "lightgrey",
    cacheSeconds: BADGE_CACHE_SECONDS,
  };
}

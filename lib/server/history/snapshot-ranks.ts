import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { scopeCell, type RankedBoard } from "../leaderboard/ranked-board";

// A snapshot's rank rows: what rank history, claims and the feed read (issue 47, M1). The
// migration 20261207180400_board_snapshot_ranks derives the same rows from older board.json.

const SCOPES = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES] as const;
type BoardKey = { split: string; metric: string; aggregate: string };

type Columns = {
  scope: string[];
  track: string[];
  entryId: string[];
  methodName: string[];
  rank: number[];
  tied: boolean[];
  ranked: number[];
  value: number[];
  ciLow: (number | null)[];
  ciHigh: (number | null)[];
  n: number[];
};

/** One row per ranked entry per scope; a scope ranks the entries of a track with a cell in it, as the board does. */
export function rankColumns(board: Pick<RankedBoard, "entries" | "scopeRanks">): Columns {
  const out: Columns = {
    scope: [],
    track: [],
    entryId: [],
    methodName: [],
    rank: [],
    tied: [],
    ranked: [],
    value: [],
    ciLow: [],
    ciHigh: [],
    n: [],
  };
  for (const scope of SCOPES) {
    const ranks = scope === "ALL" ? new Map(board.entries.map((e) => [e.id, e])) : board.scopeRanks(scope);
    const rows = board.entries.flatMap((e) => {
      const c = scopeCell(e, scope);
      const r = ranks.get(e.id);
      return c && r ? [{ e, c, r }] : [];
    });
    const ranked = new Map<string, number>();
    for (const { e } of rows) ranked.set(e.track, (ranked.get(e.track) ?? 0) + 1);
    for (const { e, c, r } of rows) {
      out.scope.push(scope);
      out.track.push(e.track);
      out.entryId.push(e.id);
      out.methodName.push(e.methodName);
      out.rank.push(r.rank);
      out.tied.push(r.tied);
      out.ranked.push(ranked.get(e.track)!);
      out.value.push(c.value);
      out.ciLow.push(c.ciLow);
      out.ciHigh.push(c.ciHigh);
      out.n.push(c.n);
    }
  }
  return out;
}

/** One statement per board: arrays unnested server-side (a board of 1,000 entries is 13,000 rows). */
export async function insertRankRows(
  tx: Prisma.TransactionClient,
  snapshotId: string,
  key: BoardKey,
  c: Columns,
): Promise<void> {
  if (c.entryId.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "BoardSnapshotRank" ("snapshotId", split, metric, aggregate, scope, track, "entryId", "methodName", rank, tied, ranked, value, "ciLow", "ciHigh", n)
    SELECT ${snapshotId}, ${key.split}, ${key.metric}, ${key.aggregate}, u.*
    FROM unnest(${c.scope}::text[], ${c.track}::text[], ${c.entryId}::text[], ${c.methodName}::text[], ${c.rank}::int[], ${c.tied}::boolean[],
      ${c.ranked}::int[], ${c.value}::float8[], ${c.ciLow}::float8[], ${c.ciHigh}::float8[], ${c.n}::int[]) AS u`;
}

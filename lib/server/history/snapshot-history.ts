import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { rankWithTies } from "@/lib/scoring";
import { db } from "../db";
import { aggregateSchema, boardMetricSchema, boardSplitSchema } from "../leaderboard/params";

// Snapshots never change, so a table computed once is kept (bounded) for every later read.

export const historyScopeSchema = z.enum(["ALL", ...MAIN_TYPES, ...CATEGORY_CODES]);
type HistoryView = {
  split: z.infer<typeof boardSplitSchema>;
  metric: z.infer<typeof boardMetricSchema>;
  aggregate: z.infer<typeof aggregateSchema>;
  scope: z.infer<typeof historyScopeSchema>;
};
export type SnapshotRow = {
  id: string;
  methodName: string;
  rank: number;
  tied: boolean;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  n: number;
};
export type SnapshotMeta = { id: string; createdAt: Date; reason: string; scorerVersion: string };

type Cell = { value: number; ciLow: number | null; ciHigh: number | null; n: number };
type StoredEntry = {
  rank: number;
  tied: boolean;
  id: string;
  methodName: string;
  overall: Cell;
  mainTypes: Record<string, Cell | undefined>;
  categories: Record<string, Cell | undefined>;
};
type StoredBoard = { split: string; metric: string; aggregate: string; entries: StoredEntry[] };

const CACHE_MAX = 20_000;
const tables = new Map<string, SnapshotRow[]>();
const viewKey = (v: HistoryView) => `${v.split}|${v.metric}|${v.aggregate}|${v.scope}`;

export async function snapshotIndex(): Promise<SnapshotMeta[]> {
  return db.boardSnapshot.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, createdAt: true, reason: true, scorerVersion: true },
  });
}

/** A scope other than ALL is ranked by its own cells (ties as on the board). */
function tableOf(boards: StoredBoard[], view: HistoryView): SnapshotRow[] {
  const board = boards.find(
    (b) => b.split === view.split && b.metric === view.metric && b.aggregate === view.aggregate,
  );
  if (!board) return [];
  if (view.scope === "ALL")
    return board.entries.map((e) => ({ id: e.id, methodName: e.methodName, rank: e.rank, tied: e.tied, ...e.overall }));
  const cellOf = (e: StoredEntry) =>
    (MAIN_TYPES as readonly string[]).includes(view.scope) ? e.mainTypes[view.scope] : e.categories[view.scope];
  const withCell = board.entries.flatMap((e) => {
    const c = cellOf(e);
    return c ? [{ e, c }] : [];
  });
  const byId = new Map(withCell.map((x) => [x.e.id, x]));
  return rankWithTies(withCell.map(({ e, c }) => ({ id: e.id, value: c.value, ciLow: c.ciLow, ciHigh: c.ciHigh }))).map(
    (r) => {
      const { e, c } = byId.get(r.id)!;
      return { id: e.id, methodName: e.methodName, rank: r.rank, tied: r.tied, ...c };
    },
  );
}

/** Reads only the snapshots not seen before. */
export async function viewTables(snapshotIds: string[], view: HistoryView): Promise<SnapshotRow[][]> {
  const key = viewKey(view);
  const missing = snapshotIds.filter((id) => !tables.has(`${id}|${key}`));
  for (let i = 0; i < missing.length; i += 25) {
    const rows = await db.boardSnapshot.findMany({
      where: { id: { in: missing.slice(i, i + 25) } },
      select: { id: true, boardJson: true },
    });
    for (const r of rows) {
      const { boards } = JSON.parse(r.boardJson) as { boards: StoredBoard[] };
      if (tables.size >= CACHE_MAX) tables.delete(tables.keys().next().value!);
      tables.set(`${r.id}|${key}`, tableOf(boards, view));
    }
  }
  return snapshotIds.map((id) => tables.get(`${id}|${key}`) ?? []);
}

export function tieGroupOf(table: SnapshotRow[], row: SnapshotRow): string[] {
  return table.filter((r) => r.rank === row.rank).map((r) => r.id);
}

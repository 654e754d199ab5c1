import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { db } from "../db";
import type { aggregateSchema, boardMetricSchema, boardSplitSchema } from "../leaderboard/params";
import type { Track } from "@/lib/validation/tracks";

// Reads the BoardSnapshotRank rows written with each snapshot: never board.json (issue 47, M1).

export const historyScopeSchema = z.enum(["ALL", ...MAIN_TYPES, ...CATEGORY_CODES]);
export type HistoryView = {
  /** Each track ranked on its own; snapshots from before tracks hold only "memory" rows. */
  track: Track;
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
/** The entry's row in one snapshot, with the ids sharing its rank and the count ranked there. */
export type EntryRank = SnapshotRow & {
  snapshotId: string;
  createdAt: Date;
  reason: string;
  scorerVersion: string;
  ranked: number;
  tieGroup: string[];
};

export async function snapshotIndex(): Promise<SnapshotMeta[]> {
  return db.boardSnapshot.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, createdAt: true, reason: true, scorerVersion: true },
  });
}

/**
 * One indexed query: the entry's rows in one view with their snapshots, oldest first (the ids
 * sharing its rank are looked up only when tied). `snapshotIds` narrows it to those snapshots.
 */
export async function entryRanks(entry: string, v: HistoryView, snapshotIds?: string[]): Promise<EntryRank[]> {
  return db.$queryRaw<EntryRank[]>`
    SELECT r."snapshotId", s."createdAt", s.reason, s."scorerVersion", r."entryId" AS id, r."methodName",
      r.rank, r.tied, r.ranked, r.value, r."ciLow", r."ciHigh", r.n,
      CASE WHEN r.tied THEN ARRAY(
        SELECT t."entryId" FROM "BoardSnapshotRank" t
        WHERE t.split = r.split AND t.metric = r.metric AND t.aggregate = r.aggregate AND t.scope = r.scope
          AND t.track = r.track AND t.rank = r.rank AND t."snapshotId" = r."snapshotId"
        ORDER BY t.value DESC, t."entryId" COLLATE "C"
      ) ELSE ARRAY[r."entryId"] END AS "tieGroup"
    FROM "BoardSnapshotRank" r JOIN "BoardSnapshot" s ON s.id = r."snapshotId"
    WHERE r."entryId" = ${entry} AND r.split = ${v.split} AND r.metric = ${v.metric}
      AND r.aggregate = ${v.aggregate} AND r.scope = ${v.scope} AND r.track = ${v.track}
      AND (${snapshotIds ?? null}::text[] IS NULL OR r."snapshotId" = ANY(${snapshotIds ?? null}::text[]))
    ORDER BY s."createdAt", s.id`;
}

/** Every ranked entry of one view in the given snapshots, in board order. */
export async function viewTables(snapshotIds: string[], v: HistoryView, rank?: number): Promise<SnapshotRow[][]> {
  const rows = await db.$queryRaw<Array<SnapshotRow & { snapshotId: string }>>`
    SELECT "snapshotId", "entryId" AS id, "methodName", rank, tied, value, "ciLow", "ciHigh", n
    FROM "BoardSnapshotRank"
    WHERE split = ${v.split} AND metric = ${v.metric} AND aggregate = ${v.aggregate} AND scope = ${v.scope}
      AND track = ${v.track} AND "snapshotId" = ANY(${snapshotIds}::text[]) AND (${rank ?? null}::int IS NULL OR rank = ${rank ?? null}::int)
    ORDER BY rank, value DESC, "entryId" COLLATE "C"`;
  const bySnapshot = new Map(snapshotIds.map((id) => [id, [] as SnapshotRow[]]));
  for (const { snapshotId, ...row } of rows) bySnapshot.get(snapshotId)!.push(row);
  return snapshotIds.map((id) => bySnapshot.get(id)!);
}

type Named = { id: string; methodName: string };
export type ViewChange = { added: Named[]; removed: Named[]; first: Named[]; ranked: number };

/**
 * Per snapshot (given oldest first): the entries that entered and left one view since the one
 * before, and those ranked first. Computed in the database: no snapshot's full table is read here.
 */
export async function viewChanges(snapshotIds: string[], v: HistoryView): Promise<ViewChange[]> {
  const rows = await db.$queryRaw<Array<Named & { snapshotId: string; kind: keyof ViewChange; ranked: number }>>`
    WITH s AS (
      SELECT id, lag(id) OVER (ORDER BY k) AS prev FROM unnest(${snapshotIds}::text[]) WITH ORDINALITY AS u(id, k)
    ), r AS NOT MATERIALIZED (
      SELECT * FROM "BoardSnapshotRank"
      WHERE split = ${v.split} AND metric = ${v.metric} AND aggregate = ${v.aggregate} AND scope = ${v.scope}
        AND track = ${v.track}
    ), sets AS (
      SELECT "snapshotId" AS id, array_agg("entryId") AS entries FROM r
      WHERE "snapshotId" = ANY(${snapshotIds}::text[]) GROUP BY "snapshotId"
    ), diff AS (
      SELECT s.id AS snap, s.id AS side, 'added' AS kind, e.id AS entry
      FROM s JOIN sets c ON c.id = s.id LEFT JOIN sets p ON p.id = s.prev,
        LATERAL (SELECT unnest(c.entries) EXCEPT SELECT unnest(COALESCE(p.entries, '{}'))) e(id)
      UNION ALL
      SELECT s.id, s.prev, 'removed', e.id
      FROM s JOIN sets p ON p.id = s.prev LEFT JOIN sets c ON c.id = s.id,
        LATERAL (SELECT unnest(p.entries) EXCEPT SELECT unnest(COALESCE(c.entries, '{}'))) e(id)
    )
    SELECT * FROM (
    SELECT d.snap AS "snapshotId", d.kind, r."entryId" AS id, r."methodName", r.ranked, r.rank, r.value
    FROM diff d JOIN r ON r."snapshotId" = d.side AND r."entryId" = d.entry
    UNION ALL
    SELECT r."snapshotId", 'first', r."entryId", r."methodName", r.ranked, r.rank, r.value
    FROM r WHERE r.rank = 1 AND r."snapshotId" = ANY(${snapshotIds}::text[])
    ) x ORDER BY rank, value DESC, id COLLATE "C"`;
  const out = new Map(snapshotIds.map((id) => [id, { added: [], removed: [], first: [], ranked: 0 } as ViewChange]));
  for (const { snapshotId, kind, id, methodName, ranked } of rows) {
    const c = out.get(snapshotId)!;
    (c[kind] as Named[]).push({ id, methodName });
    if (kind === "first") c.ranked = ranked;
  }
  return snapshotIds.map((id) => out.get(id)!);
}

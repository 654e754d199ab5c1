import "server-only";
import { AppError } from "../errors";
import { db } from "../db";
import type { ClaimQuery, ClaimVerdict, RankHistory, RankHistoryQuery } from "./history-schema";
import { entryRanks, snapshotIndex, type SnapshotMeta } from "./snapshot-history";
import { snapshotLinks } from "./snapshots";

// Snapshots only: every answer names the snapshot that shows it.

/** Ever public (approved now, or removed after approval); anything else is 404. */
async function requireEverPublic(id: string): Promise<void> {
  const s = await db.submission.findFirst({
    where: { id, OR: [{ reviewState: "APPROVED" }, { approvedAt: { not: null } }] },
    select: { id: true },
  });
  if (!s) throw new AppError("NOT_FOUND", "Entry not found.");
}

export async function rankHistory(entry: string, q: RankHistoryQuery): Promise<RankHistory> {
  await requireEverPublic(entry);
  const rows = await entryRanks(entry, { ...q, scope: q.category });
  const items = rows.map((row) => ({
    snapshot: row.snapshotId,
    permalink: snapshotLinks(row.snapshotId).self,
    date: row.createdAt.toISOString(),
    reason: row.reason,
    scorerVersion: row.scorerVersion,
    rank: row.rank,
    tied: row.tied,
    tieGroup: row.tieGroup,
    of: row.ranked,
    value: row.value,
    ciLow: row.ciLow,
    ciHigh: row.ciHigh,
    n: row.n,
  }));
  return {
    entry,
    track: q.track,
    split: q.split,
    category: q.category,
    metric: q.metric,
    aggregate: q.aggregate,
    items,
  };
}

/** [start, end) of the claim's date: a UTC day or month, or one instant (start = end). */
function claimPeriod(date: string): { start: Date; end: Date } {
  if (/^\d{4}-\d{2}$/.test(date)) {
    const start = new Date(`${date}-01T00:00:00Z`);
    return { start, end: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const start = new Date(`${date}T00:00:00Z`);
    return { start, end: new Date(start.getTime() + 86_400_000) };
  }
  const at = new Date(date);
  return { start: at, end: at };
}

/** The last one taken at or before start, and every one taken inside. */
function snapshotsInForce(snaps: SnapshotMeta[], start: Date, end: Date): SnapshotMeta[] {
  const before = snaps.filter((s) => s.createdAt <= start);
  const inside = snaps.filter((s) => s.createdAt > start && s.createdAt < end);
  return [...before.slice(-1), ...inside];
}

export async function verifyClaim(q: ClaimQuery): Promise<ClaimVerdict> {
  await requireEverPublic(q.entry);
  const { start, end } = claimPeriod(q.date);
  const snaps = snapshotsInForce(await snapshotIndex(), start, end);
  const view = { track: q.track, split: q.split, metric: q.metric, aggregate: q.aggregate, scope: q.category };
  const ranked = await entryRanks(
    q.entry,
    view,
    snaps.map((s) => s.id),
  );
  const rows = new Map(ranked.map((r) => [r.snapshotId, r]));
  const checked = snaps.map((s) => {
    const row = rows.get(s.id);
    return {
      snapshot: s.id,
      permalink: snapshotLinks(s.id).self,
      date: s.createdAt.toISOString(),
      rank: row?.rank ?? null,
      tieGroup: row?.tieGroup ?? [],
    };
  });
  const proof = checked.find((c) => c.rank === q.rank) ?? null;
  return {
    claim: {
      entry: q.entry,
      rank: q.rank,
      date: q.date,
      track: q.track,
      split: q.split,
      category: q.category,
      metric: q.metric,
      aggregate: q.aggregate,
    },
    verified: proof !== null,
    proof,
    checked,
  };
}

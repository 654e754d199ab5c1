// Issue 47 point 3 (review finding M1): each snapshot's rank rows are written with it, the
// migration derives the same rows from an older snapshot's board.json, and rank history and
// claims answer from the rows alone (a snapshot whose board.json ranks nobody still answers).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankWithTies } from "@/lib/scoring";
import { db } from "@/lib/server/db";
import { rankHistory, verifyClaim } from "@/lib/server/history/rank-history";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { userWithToken } from "../../support/api-helpers";
import { gradedSubmission } from "../../support/graded-submission";

type Cell = { value: number; ciLow: number | null; ciHigh: number | null; n: number };
type Entry = { id: string; methodName: string; rank: number; tied: boolean; track?: string; overall: Cell } & Record<
  "mainTypes" | "categories",
  Record<string, Cell>
>;
type Board = { split: string; metric: string; aggregate: string; entries: Entry[] };
type Row = Cell & {
  snapshotId: string;
  split: string;
  metric: string;
  aggregate: string;
  scope: string;
  track: string;
  entryId: string;
  methodName: string;
  rank: number;
  tied: boolean;
  ranked: number;
};

const log = logger.child({ test: "snapshot-ranks" });
log.level = "error";
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let ids: string[];
let snaps: string[];
const MIGRATION = "prisma/migrations/20261207180400_board_snapshot_ranks/migration.sql";
const backfill = () => {
  const sql = readFileSync(MIGRATION, "utf8");
  return db.$executeRawUnsafe(sql.slice(sql.indexOf('INSERT INTO "BoardSnapshotRank"')));
};
const rowsOf = (snapshotIds: string[]) => db.$queryRaw<Row[]>`
  SELECT * FROM "BoardSnapshotRank" WHERE "snapshotId" = ANY(${snapshotIds}::text[])
  ORDER BY "snapshotId", split, metric, aggregate, scope, "entryId" COLLATE "C"`;

/** The rows a board.json stands for: ALL as stored, a scope ranked by its own cells within each track
 *  (board.json from before tracks has none: memory). */
function expectedRows(snapshotId: string, boards: Board[]): Row[] {
  return boards.flatMap((b) => {
    const scopes = new Set(b.entries.flatMap((e) => [...Object.keys(e.mainTypes), ...Object.keys(e.categories)]));
    const tracks = new Set(b.entries.map((e) => e.track ?? "memory"));
    return [...tracks].flatMap((track) => expectedTrackRows(snapshotId, b, track, scopes));
  });
}
function expectedTrackRows(snapshotId: string, b: Board, track: string, scopes: Set<string>): Row[] {
  return ["ALL", ...scopes].flatMap((scope) => {
    const cells = b.entries.flatMap((e) => {
      const c = scope === "ALL" ? e.overall : (e.mainTypes[scope] ?? e.categories[scope]);
      return c && (e.track ?? "memory") === track ? [{ e, c }] : [];
    });
    const ranks = new Map(rankWithTies(cells.map(({ e, c }) => ({ id: e.id, ...c }))).map((r) => [r.id, r]));
    return cells.map(({ e, c }) => ({
      snapshotId,
      split: b.split,
      metric: b.metric,
      aggregate: b.aggregate,
      scope,
      track,
      entryId: e.id,
      methodName: e.methodName,
      rank: scope === "ALL" ? e.rank : ranks.get(e.id)!.rank,
      tied: scope === "ALL" ? e.tied : ranks.get(e.id)!.tied,
      ranked: cells.length,
      // The stored cell; a run's spread (runSd) is on the entry, not in rank rows.
      value: c.value,
      ciLow: c.ciLow,
      ciHigh: c.ciHigh,
      n: c.n,
    }));
  });
}
/** A snapshot written by hand, dated long before any other so no test's "newest" moves. */
const craftedSnapshot = (date: string, boards: Board[]) =>
  db.boardSnapshot.create({
    data: {
      createdAt: new Date(`${date}T00:00:00Z`),
      reason: "rescore",
      scorerVersion: "test",
      contentSha256: `ranks-${date}-${Date.now()}`,
      manifest: {},
      boardJson: JSON.stringify({ boards }),
      boardCsv: "",
    },
  });
const sorted = (rows: Row[]) =>
  rows.toSorted((a, b) =>
    `${a.snapshotId}|${a.split}|${a.metric}|${a.aggregate}|${a.scope}|${a.entryId}` <
    `${b.snapshotId}|${b.split}|${b.metric}|${b.aggregate}|${b.scope}|${b.entryId}`
      ? -1
      : 1,
  );

beforeAll(async () => {
  [author, admin] = await Promise.all([
    userWithToken("ranks-author", "SUBMITTER"),
    userWithToken("ranks-admin", "ADMIN"),
  ]);
  const stamp = `ranks-${Date.now()}`;
  // Two wrong entries tie (equal values); the perfect one ranks above them.
  ids = [
    await gradedSubmission(author.id, `${stamp}-w1`, "wrong", log),
    await gradedSubmission(author.id, `${stamp}-w2`, "wrong", log),
    await gradedSubmission(author.id, `${stamp}-p`, "perfect", log),
  ];
  const since = new Date();
  for (const id of ids) await approveSubmission({ submissionId: id, reviewerId: admin.id });
  snaps = (
    await db.boardSnapshot.findMany({ where: { createdAt: { gte: since } }, orderBy: { createdAt: "asc" } })
  ).map((s) => s.id);
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("snapshot rank rows", () => {
  it("are written with each snapshot: every view of its board.json, scopes ranked by their own cells", async () => {
    expect(snaps).toHaveLength(3);
    const last = await db.boardSnapshot.findUniqueOrThrow({ where: { id: snaps[2]! } });
    const boards = (JSON.parse(last.boardJson) as { boards: Board[] }).boards;
    const rows = await rowsOf([last.id]);
    expect(rows).toEqual(sorted(expectedRows(last.id, boards)));
    const tied = rows.filter((r) => r.scope === "ALL" && ids.slice(0, 2).includes(r.entryId));
    expect(tied.length).toBeGreaterThan(0);
    expect(tied.every((r) => r.tied)).toBe(true);
  });

  it("the migration derives the same rows from board.json, ties by overlapping intervals included", async () => {
    const written = await rowsOf(snaps);
    // Rows are immutable like their snapshot: only with triggers off (superuser) can the test drop them.
    await expect(
      db.$executeRaw`UPDATE "BoardSnapshotRank" SET rank = 1 WHERE "snapshotId" = ${snaps[0]!}`,
    ).rejects.toThrow(/immutable/);
    await expect(db.$executeRaw`DELETE FROM "BoardSnapshotRank" WHERE "snapshotId" = ${snaps[0]!}`).rejects.toThrow(
      /immutable/,
    );
    await db.$transaction([
      db.$executeRaw`SET LOCAL session_replication_role = replica`,
      db.$executeRaw`DELETE FROM "BoardSnapshotRank" WHERE "snapshotId" = ANY(${snaps}::text[])`,
    ]);
    await backfill();
    expect(await rowsOf(snaps)).toEqual(written);
    expect(await backfill()).toBe(0); // a rerun adds nothing

    // A chain of overlapping intervals, equal values, a missing cell and a null interval.
    const cell = (value: number, ciLow: number | null, ciHigh: number | null): Cell => ({ value, ciLow, ciHigh, n: 9 });
    const entry = (id: string, rank: number, tied: boolean, kr?: Cell): Entry => ({
      id,
      methodName: `m-${id}`,
      rank,
      tied,
      overall: cell(0.5, 0.4, 0.6),
      mainTypes: {},
      categories: kr ? { KR: kr } : {},
    });
    const boards: Board[] = [
      {
        split: "overall",
        metric: "f1",
        aggregate: "micro",
        entries: [
          entry("e1", 1, true, cell(0.9, 0.85, 0.95)),
          entry("e2", 1, true, cell(0.8, 0.7, 0.86)),
          entry("e3", 1, true, cell(0.6, 0.5, 0.75)),
          entry("e4", 1, true, cell(0.4, null, null)),
          entry("e5", 1, true, cell(0.4, 0.3, 0.45)),
          entry("e6", 1, true, cell(0.1, 0.05, 0.2)),
          entry("e7", 1, true),
        ],
      },
    ];
    const crafted = await craftedSnapshot("2001-01-01", boards);
    await backfill();
    const rows = await rowsOf([crafted.id]);
    expect(rows).toEqual(sorted(expectedRows(crafted.id, boards)));
    expect(rows.filter((r) => r.scope === "KR").map((r) => [r.entryId, r.rank, r.tied])).toEqual([
      ["e1", 1, true],
      ["e2", 1, true],
      ["e3", 1, true],
      ["e4", 4, true],
      ["e5", 4, true],
      ["e6", 6, false],
    ]);
  });

  it("rank history and claims answer from the rows, not from board.json", async () => {
    const [w1, , p] = ids as [string, string, string];
    const blank = await craftedSnapshot("2001-02-01", []);
    const row = { snapshotId: blank.id, split: "overall", metric: "f1", aggregate: "micro", scope: "ALL" };
    const tiedAt7 = { rank: 7, tied: true, ranked: 9, value: 0.5, ciLow: 0.4, ciHigh: 0.6, n: 3 };
    await db.boardSnapshotRank.createMany({
      data: [
        { ...row, ...tiedAt7, entryId: p, methodName: "p" },
        { ...row, ...tiedAt7, entryId: w1, methodName: "w" },
      ],
    });
    const history = await rankHistory(p, {
      track: "memory",
      split: "overall",
      category: "ALL",
      metric: "f1",
      aggregate: "micro",
    });
    expect(history.items.find((i) => i.snapshot === blank.id)).toEqual(
      expect.objectContaining({ rank: 7, tied: true, of: 9, value: 0.5, tieGroup: [p, w1].sort() }),
    );
    expect(history.items.map((i) => i.snapshot)).toEqual(expect.arrayContaining(snaps.slice(2)));
    const claim = await verifyClaim({
      entry: p,
      rank: 7,
      date: "2001-02-01",
      // Rows written before tracks (no track column) are the memory view's.
      track: "memory",
      split: "overall",
      category: "ALL",
      metric: "f1",
      aggregate: "micro",
    });
    expect(claim.verified).toBe(true);
    expect(claim.proof?.snapshot).toBe(blank.id);
  });
});

// Rank history, claims and the Atom feed over real HTTP, from real snapshots: a wrong entry W is
// approved (snapshot 1), a perfect entry P above it (2), then P is withdrawn (3). W's history
// shows the three ranks its snapshots hold; claims are true or false with the snapshot that shows
// it; the feed (parsed by a feed parser) has one item per change and the moment P took rank 1.
import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { claimVerdictSchema, rankHistorySchema } from "@/lib/server/history/history-schema";
import { logger } from "@/lib/server/logger";
import { approveSubmission, withdrawSubmission } from "@/lib/server/review/decide";
import { userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { gradedSubmission } from "../../support/graded-submission";

type Row = { rank: number; id: string };
type Board = { split: string; metric: string; aggregate: string; entries: Row[] };
type Item = { snapshot: string; permalink: string; date: string; rank: number; tieGroup: string[]; value: number };
type Verdict = {
  verified: boolean;
  proof: { snapshot: string; permalink: string; rank: number } | null;
  checked: Array<{ snapshot: string; rank: number | null }>;
};

let server: RouteServer;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const log = logger.child({ test: "rank-history" });
log.level = "error";
let wrong: string;
let perfect: string;
let snaps: Array<{ id: string; createdAt: Date; reason: string }>;

const get = (path: string) => fetch(`${server.url}${path}`);
const getJson = async <T>(path: string) => (await (await get(path)).json()) as T;
const overallF1 = async (snapshot: string) =>
  (await getJson<{ boards: Board[] }>(`/api/v1/snapshots/${snapshot}/board.json`)).boards.find(
    (b) => b.split === "overall" && b.metric === "f1" && b.aggregate === "micro",
  )!.entries;

beforeAll(async () => {
  server = await startRouteServer();
  [author, admin] = await Promise.all([
    userWithToken("hist-author", "SUBMITTER"),
    userWithToken("hist-admin", "ADMIN"),
  ]);
  const stamp = `hist-${Date.now()}`;
  wrong = await gradedSubmission(author.id, `${stamp}-w`, "wrong", log);
  perfect = await gradedSubmission(author.id, `${stamp}-p`, "perfect", log);
  const since = new Date();
  await approveSubmission({ submissionId: wrong, reviewerId: admin.id });
  await approveSubmission({ submissionId: perfect, reviewerId: admin.id });
  await withdrawSubmission({ submissionId: perfect, userId: author.id, reason: "a bug in our retrieval step" });
  snaps = await db.boardSnapshot.findMany({
    where: { createdAt: { gte: since } },
    orderBy: { createdAt: "asc" },
    select: { id: true, createdAt: true, reason: true },
  });
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("rank history", () => {
  it("lists the entry's rank in each of the three snapshots, as the snapshot files hold it", async () => {
    expect(snaps.map((s) => s.reason)).toEqual(["approve", "approve", "withdraw"]);
    const res = await get(`/api/v1/entries/${wrong}/rank-history?split=overall&category=ALL&metric=f1`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entry: string; items: Item[] };
    rankHistorySchema.parse(body); // the OpenAPI document's RankHistory, strictly
    const mine = body.items.filter((i) => snaps.some((s) => s.id === i.snapshot));
    expect(mine.map((i) => i.snapshot)).toEqual(snaps.map((s) => s.id));
    for (const item of mine) {
      const board = await overallF1(item.snapshot);
      const row = board.find((e) => e.id === wrong)!;
      expect(item.rank).toBe(row.rank);
      expect(item.tieGroup).toEqual(board.filter((e) => e.rank === row.rank).map((e) => e.id));
      expect(item.value).toBe(0);
      expect(item.permalink).toBe(`/api/v1/snapshots/${item.snapshot}`);
      expect((await get(item.permalink)).status).toBe(200);
    }
    // The perfect entry ranks above it while it is on the board, and only then.
    expect(mine[1]!.rank).toBe(mine[0]!.rank + 1);
    expect(mine[2]!.rank).toBe(mine[0]!.rank);
    const perfectHistory = await getJson<{ items: Item[] }>(`/api/v1/entries/${perfect}/rank-history`);
    expect(perfectHistory.items.map((i) => [i.snapshot, i.rank])).toEqual([[snaps[1]!.id, 1]]);
  });

  it("ranks within a category from the snapshot's cells, and names a bad parameter in a 400", async () => {
    const cat = await getJson<{ category: string; items: Item[] }>(
      `/api/v1/entries/${perfect}/rank-history?split=dyadic&category=RECALL&metric=f1`,
    );
    expect(cat.category).toBe("RECALL");
    expect(cat.items.map((i) => i.rank)).toEqual([1]);
    for (const [query, param] of [
      ["split=both", "split"],
      ["category=XYZ", "category"],
      ["metric=accuracy", "metric"],
    ] as const) {
      const res = await get(`/api/v1/entries/${wrong}/rank-history?${query}`);
      expect(res.status, query).toBe(400);
      const err = (await res.json()) as { error: { message: string; details: Array<{ path: string }> } };
      expect(err.error.message).toContain(`"${param}"`);
      expect(err.error.details.map((d) => d.path)).toEqual([param]);
    }
    expect((await get(`/api/v1/entries/no-such-entry/rank-history`)).status).toBe(404);
  });
});

describe("claims", () => {
  it("a true claim names the snapshot that proves it; a false one shows what the board held", async () => {
    const day = snaps[1]!.createdAt.toISOString().slice(0, 10);
    const yes = await getJson<Verdict>(
      `/api/v1/claims/verify?entry=${perfect}&rank=1&date=${day}&split=overall&category=ALL&metric=f1`,
    );
    claimVerdictSchema.parse(yes);
    expect(yes.verified).toBe(true);
    expect(yes.proof).toEqual(expect.objectContaining({ snapshot: snaps[1]!.id, rank: 1 }));
    expect((await overallF1(yes.proof!.snapshot)).find((e) => e.id === perfect)?.rank).toBe(1);

    // Right after the withdrawal only snapshot 3 is in force: the perfect entry is not on it.
    const at = new Date(snaps[2]!.createdAt.getTime() + 1).toISOString();
    const no = await getJson<Verdict>(`/api/v1/claims/verify?entry=${perfect}&rank=1&date=${at}&metric=f1`);
    expect(no).toEqual(expect.objectContaining({ verified: false, proof: null }));
    expect(no.checked).toEqual([expect.objectContaining({ snapshot: snaps[2]!.id, rank: null })]);

    const wrongRank = (await overallF1(snaps[1]!.id)).find((e) => e.id === wrong)!.rank;
    const month = await getJson<Verdict>(
      `/api/v1/claims/verify?entry=${wrong}&rank=${wrongRank - 1}&date=${day.slice(0, 7)}&metric=f1`,
    );
    expect(month.checked.map((c) => c.snapshot)).toEqual(expect.arrayContaining(snaps.map((s) => s.id)));
    expect(month.verified).toBe(month.checked.some((c) => c.rank === wrongRank - 1));
  });

  it("answers 400 naming the bad or missing parameter", async () => {
    for (const [query, param] of [
      [`entry=${wrong}&rank=0&date=2026-06-01`, "rank"],
      [`entry=${wrong}&rank=1&date=June`, "date"],
      [`entry=${wrong}&rank=1`, "date"],
      [`rank=1&date=2026-06`, "entry"],
    ] as const) {
      const res = await get(`/api/v1/claims/verify?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(`"${param}"`);
    }
  });
});

describe("the Atom feed", () => {
  it("has one item per publish and withdrawal, each linking its snapshot, newest first", async () => {
    const res = await get("/feeds/board.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBeTruthy();
    expect(feed.updated).toBeInstanceOf(Date);
    const items = feed.items.slice(0, 3);
    // Readers open an HTML page (issue 45, point 7); the snapshot's JSON is the related link.
    expect(items.every((i) => i.url!.startsWith(`${server.url}/entries/`))).toBe(true);
    for (const s of snaps)
      expect(xml).toContain(
        `<link rel="related" type="application/json" href="${server.url}/api/v1/snapshots/${s.id}"/>`,
      );
    expect(items.map((i) => i.categories.map((c) => c.term))).toEqual([["withdrawal"], ["publish"], ["publish"]]);
    expect(items[0]!.title).toContain(
      `Withdrawn: ${(await db.submission.findUniqueOrThrow({ where: { id: perfect } })).methodName}`,
    );
    for (const i of feed.items) {
      expect(i.id).toBeTruthy();
      expect(i.title).toBeTruthy();
      expect(i.updated).toBeInstanceOf(Date);
    }
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(feed.items.length);
    expect((await get(`/api/v1/snapshots/${snaps[0]!.id}`)).status).toBe(200);
  });

  it("?event=new-best gives only the moments an entry took rank 1 there", async () => {
    const feed = parseFeed(await (await get("/feeds/board.atom?event=new-best&split=overall&category=ALL")).text());
    expect(feed.items.every((i) => i.categories.some((c) => c.term === "new-best"))).toBe(true);
    const firsts = async (s: string) => (await overallF1(s)).filter((e) => e.rank === 1).map((e) => e.id);
    for (let i = 1; i < snaps.length; i++) {
      const [before, now] = [await firsts(snaps[i - 1]!.id), await firsts(snaps[i]!.id)];
      const expected = now.filter((id) => !before.includes(id)).sort();
      const items = feed.items.filter((it) => it.id!.startsWith(`${server.url}/api/v1/snapshots/${snaps[i]!.id}#`));
      expect(items.map((it) => it.id!.split("/").pop()).sort(), `snapshot ${i + 1}`).toEqual(expected);
    }
    const tookFirst = feed.items.filter((it) => it.id!.endsWith(`/${perfect}`));
    expect(tookFirst.map((it) => it.url)).toEqual([`${server.url}/entries/${perfect}`]);
    expect(tookFirst[0]!.id!.startsWith(`${server.url}/api/v1/snapshots/${snaps[1]!.id}#`)).toBe(true);
    expect(tookFirst[0]!.title).toContain("took rank 1");
    const bad = await get("/feeds/board.atom?event=new-best&category=NOPE");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('"category"');
  });
});

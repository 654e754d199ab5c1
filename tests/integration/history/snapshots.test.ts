// Board snapshots over real HTTP: an approval writes one, listed newest first; its files hash to
// its manifest and hold exactly the board's numbers at that moment (every split x metric x
// aggregate, compared with the live leaderboard API); a withdrawal writes one too; a change that
// leaves the board as it was writes none; rows cannot be changed.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { boardMetricSchema, boardSplitSchema } from "@/lib/server/leaderboard/params";
import { logger } from "@/lib/server/logger";
import { approveSubmission, rejectSubmission, withdrawSubmission } from "@/lib/server/review/decide";
import { scoredSubmission, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";

type Entry = {
  rank: number;
  tied: boolean;
  id: string;
  overall: { value: number; ciLow: number | null; ciHigh: number | null; n: number };
};
let server: RouteServer;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const log = logger.child({ test: "snapshots" });
log.level = "error";

const scored = (stamp: string) => scoredSubmission(author.id, stamp, log);
const get = async <T>(path: string) => (await (await fetch(`${server.url}${path}`)).json()) as T;

beforeAll(async () => {
  server = await startRouteServer();
  [author, admin] = await Promise.all([
    userWithToken("snap-author", "SUBMITTER"),
    userWithToken("snap-admin", "ADMIN"),
  ]);
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("board snapshots", () => {
  it("an approval writes a snapshot holding exactly the board's numbers, hashed by its manifest", async () => {
    const id = await scored(`snap-a-${Date.now()}`);
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    const { snapshots } = await get<{
      snapshots: Array<{
        id: string;
        reason: string;
        createdAt: string;
        links: { self: string; json: string; csv: string };
      }>;
    }>("/api/v1/snapshots");
    const latest = snapshots[0]!;
    expect(latest.reason).toBe("approve");
    expect([...snapshots].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((s) => s.id)).toEqual(
      snapshots.map((s) => s.id),
    );

    const { manifest } = await get<{
      manifest: { scorerVersion: string; files: Array<{ name: string; sha256: string }> };
    }>(latest.links.self);
    const jsonText = await (await fetch(`${server.url}${latest.links.json}`)).text();
    const csvText = await (await fetch(`${server.url}${latest.links.csv}`)).text();
    const hash = (s: string) => createHash("sha256").update(s).digest("hex");
    expect(manifest.files).toEqual([
      expect.objectContaining({ name: "board.json", sha256: hash(jsonText) }),
      expect.objectContaining({ name: "board.csv", sha256: hash(csvText) }),
    ]);

    const snap = JSON.parse(jsonText) as {
      scorerVersion: string;
      boards: Array<{ split: string; metric: string; aggregate: string; entries: Entry[] }>;
    };
    expect(snap.boards).toHaveLength(boardSplitSchema.options.length * boardMetricSchema.options.length * 2);
    for (const b of snap.boards) {
      const live = await get<{ scorerVersion: string; entries: Entry[] }>(
        `/api/v1/leaderboard?split=${b.split}&metric=${b.metric}&aggregate=${b.aggregate}`,
      );
      expect(live.scorerVersion).toBe(snap.scorerVersion);
      const pick = (e: Entry) => ({ rank: e.rank, tied: e.tied, id: e.id, overall: e.overall });
      expect(b.entries.map(pick), `${b.split}/${b.metric}/${b.aggregate}`).toEqual(live.entries.map(pick));
    }
    expect(
      snap.boards
        .find((b) => b.split === "overall" && b.metric === "f1" && b.aggregate === "micro")!
        .entries.some((e) => e.id === id),
    ).toBe(true);
    expect(csvText.split("\n")[0]).toMatch(/^split,metric,aggregate,rank,tied,id,methodName/);
  });

  it("the author withdrawing an approved entry writes a snapshot without it", async () => {
    const id = await scored(`snap-w-${Date.now()}`);
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    const before = await db.boardSnapshot.count();
    await withdrawSubmission({ submissionId: id, userId: author.id, reason: "found a bug in our pipeline" });
    expect(await db.boardSnapshot.count()).toBe(before + 1);
    const { snapshots } = await get<{ snapshots: Array<{ reason: string; links: { json: string } }> }>(
      "/api/v1/snapshots",
    );
    expect(snapshots[0]!.reason).toBe("withdraw");
    expect(await (await fetch(`${server.url}${snapshots[0]!.links.json}`)).text()).not.toContain(`"id":"${id}"`);
  });

  it("writes none when the board did not change, and refuses to change a snapshot", async () => {
    const before = await db.boardSnapshot.count();
    const pending = await scored(`snap-p-${Date.now()}`);
    await rejectSubmission({ submissionId: pending, reviewerId: admin.id, reason: "not this time" });
    expect(await db.boardSnapshot.count()).toBe(before);
    const any = await db.boardSnapshot.findFirstOrThrow();
    await expect(db.boardSnapshot.update({ where: { id: any.id }, data: { reason: "edited" } })).rejects.toThrow(
      /immutable/,
    );
    await expect(db.boardSnapshot.delete({ where: { id: any.id } })).rejects.toThrow(/immutable/);
    expect((await fetch(`${server.url}/api/v1/snapshots/no-such-snapshot`)).status).toBe(404);
  });
});

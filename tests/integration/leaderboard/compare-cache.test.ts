import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { comparableEntries, compareEntries, compareMany, comparePairsUncached } from "@/lib/server/leaderboard/compare";
import { getPublicEntryOrTombstone } from "@/lib/server/leaderboard/entries";
import { rankedBoard } from "@/lib/server/leaderboard/ranked-board";
import { approveSubmission } from "@/lib/server/review/decide";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { userWithToken } from "../../support/api-helpers";
import { scoredFixtureEntry } from "../../support/fixture-entries";

// Issue 19 point 6: the compare page's paired bootstrap, its per-question reads and the ranked
// board are computed once per public generation (published version, demo visibility, approved
// entries), not per request. Cached numbers equal the plain computation; a pending submission's
// progress keeps every cache; an approval drops them (no stale numbers, no stale "no data").

// One author per test: the daily quota (5) would stop a single one.
let author: Awaited<ReturnType<typeof userWithToken>>;
const authors: string[] = [];
let admin: Awaited<ReturnType<typeof userWithToken>>;
const BOARD = { split: "overall", metric: "f1", aggregate: "micro" } as const;

const perfect = (approve = true) =>
  scoredFixtureEntry({ authorId: author.id, adminId: admin.id, dir: "perfect", approve });
const good = (approve = true) => scoredFixtureEntry({ authorId: author.id, adminId: admin.id, dir: "good", approve });

beforeEach(async () => {
  author = await userWithToken(`compare-cache-author-${authors.length}`, "SUBMITTER");
  authors.push(author.id);
});
beforeAll(async () => {
  admin = await userWithToken("compare-cache-admin", "ADMIN");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [...authors, admin?.id].filter(Boolean) } } });
});

describe("compare and board caches", () => {
  it("give exactly the numbers of the per-request computation", async () => {
    const ids = [await perfect(), await good(), await good()];
    const version = await publishedScorerVersion();
    for (const metric of ["f1", "bleu1", "recall"] as const) {
      const plain = await comparePairsUncached(ids, metric, version);
      expect(plain).toHaveLength(3);
      expect(plain.every((p) => p.results !== null && p.results.length > 1)).toBe(true);
      const cold = await compareMany(ids, metric);
      const warm = await compareMany(ids, metric);
      expect(cold).toStrictEqual(plain);
      expect(warm).toStrictEqual(plain);
      // The entry page's single pair reads the same cache.
      expect(await compareEntries(ids[1]!, ids[2]!, metric)).toStrictEqual(plain[2]!.results);
    }
    expect(await compareEntries(ids[0]!, ids[1]!, "judge")).toBeNull(); // no judge run: nothing to pair
  });

  it("keep their values while a pending submission is scored and drop them at an approval", async () => {
    const [a, b] = [await perfect(), await good()];
    const version = await publishedScorerVersion();
    const board = await rankedBoard(BOARD);
    const before = await compareEntries(a, b, "f1");
    const pending = await good(false);
    expect(await compareEntries(a, pending, "f1")).toBeNull(); // not approved: not comparable
    expect((await comparableEntries()).map((e) => e.id)).not.toContain(pending);
    await expect(getPublicEntryOrTombstone(pending)).rejects.toMatchObject({ code: "NOT_FOUND" });

    // A probe the cache cannot see: B's stored per-question F1 changes with the triggers off (replica
    // role), so the public generation stays. Only a cache explains still getting `before` afterwards.
    await db.$transaction([
      db.$executeRaw`SET LOCAL session_replication_role = replica`,
      db.questionScore.updateMany({
        where: { submissionId: b, scorerVersion: version, split: "dyadic" },
        data: { f1: 0 },
      }),
    ]);
    const changed = (await comparePairsUncached([a, b], "f1", version))[0]!.results;
    expect(changed).not.toStrictEqual(before);
    // The pending submission's progress and status updates are not public changes.
    await db.submission.update({ where: { id: pending }, data: { progressDone: 7, stage: "judge" } });
    expect(await rankedBoard(BOARD)).toBe(board);
    expect(await compareEntries(a, b, "f1")).toStrictEqual(before);

    // Approving it is: the board lists it, and every pair is computed again from the rows.
    await approveSubmission({ submissionId: pending, reviewerId: admin.id });
    const after = await rankedBoard(BOARD);
    expect(after).not.toBe(board);
    expect(after.entries.map((e) => e.id)).toContain(pending);
    expect(await compareEntries(a, b, "f1")).toStrictEqual(changed);
    const fresh = await compareEntries(a, pending, "f1");
    expect(fresh).not.toBeNull();
    expect(fresh).toStrictEqual((await comparePairsUncached([a, pending], "f1", version))[0]!.results);
    expect((await comparableEntries()).map((e) => e.id)).toContain(pending);
    expect(await getPublicEntryOrTombstone(pending)).toMatchObject({
      id: pending,
      status: "approved",
      scoreStatus: "scored",
    });
  });

  it("drop them when an approved entry leaves the board", async () => {
    const [a, b] = [await perfect(), await good()];
    expect(await compareEntries(a, b, "f1")).not.toBeNull();
    expect((await rankedBoard(BOARD)).entries.map((e) => e.id)).toContain(b);
    expect(await getPublicEntryOrTombstone(b)).toMatchObject({ id: b, status: "approved" });
    await db.submission.update({
      where: { id: b },
      data: { reviewState: "WITHDRAWN", publicNote: "withdrawn in a test" },
    });
    expect(await getPublicEntryOrTombstone(b)).toMatchObject({ id: b, status: "withdrawn" });
    expect(await compareEntries(a, b, "f1")).toBeNull();
    expect((await rankedBoard(BOARD)).entries.map((e) => e.id)).not.toContain(b);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { compareEntries } from "@/lib/server/leaderboard/compare";
import { userWithToken } from "../../support/api-helpers";
import { scoredFixtureEntry } from "../../support/fixture-entries";

// The /compare page's paired bootstrap on real scored entries: the perfect fixture beats the
// good one, and an entry compared with itself shows no difference.

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

const approvedEntry = (dir: "good" | "perfect") => scoredFixtureEntry({ authorId: author.id, adminId: admin.id, dir });

beforeAll(async () => {
  author = await userWithToken("compare-author", "SUBMITTER");
  admin = await userWithToken("compare-admin", "ADMIN");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("compareEntries", () => {
  it("finds the better entry and no difference against itself", async () => {
    const perfect = await approvedEntry("perfect");
    const good = await approvedEntry("good");
    const res = (await compareEntries(perfect, good, "f1"))!;
    const all = res.find((r) => r.scope === "ALL")!;
    expect(all.n).toBeGreaterThan(0);
    expect(all.meanA).toBeGreaterThan(all.meanB);
    expect(all.diff).toBeCloseTo(all.meanA - all.meanB, 10);
    expect(all.ciLow).toBeGreaterThan(0);
    expect(all.pValue).toBeLessThan(0.05);
    expect(res.filter((r) => r.scope !== "ALL").reduce((s, r) => s + r.n, 0)).toBe(all.n);

    const self = (await compareEntries(good, good, "f1"))!.find((r) => r.scope === "ALL")!;
    expect(self).toMatchObject({ diff: 0, ciLow: 0, ciHigh: 0 });
    // Without a judge run there are no judge scores to compare.
    expect(await compareEntries(perfect, good, "judge")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { hrefWith } from "@/components/leaderboard/controls";
import { sortEntries, type LeaderboardEntry } from "./leaderboard";
import { parseLeaderboardParams } from "./leaderboard-params";

const entry = (id: string, rank: number, value: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank, tied: false, id, methodName: id, organization: null, modality: null, backbone: null, isBaseline: false,
  createdAt: `2026-01-0${rank}T00:00:00Z`, answered: 1, overall: { value, ciLow: null, ciHigh: null, n: 1 }, mainTypes: {}, categories: {}, ...extra,
});

describe("leaderboard URL state", () => {
  it("parses known values and falls back to defaults for unknown ones", () => {
    expect(parseLeaderboardParams({})).toEqual({ split: "overall", metric: "f1", aggregate: "micro", sort: undefined, q: undefined });
    expect(parseLeaderboardParams({ split: "multi-party", metric: "judge", aggregate: "macro", sort: "-UPR", q: " rag " })).toEqual({
      split: "multi-party", metric: "judge", aggregate: "macro", sort: "-UPR", q: "rag",
    });
    expect(parseLeaderboardParams({ split: "bogus", metric: ["bleu1", "f1"], aggregate: "median", sort: "x;drop" })).toMatchObject({
      split: "overall", metric: "bleu1", aggregate: "micro", sort: undefined,
    });
  });

  it("builds links that omit defaults and keep the rest", () => {
    const p = parseLeaderboardParams({ metric: "bleu1", q: "mem" });
    expect(hrefWith(p, {})).toBe("/?metric=bleu1&q=mem");
    expect(hrefWith(p, { sort: "-TR", q: undefined })).toBe("/?metric=bleu1&sort=-TR");
    expect(hrefWith(parseLeaderboardParams({}), {})).toBe("/");
  });
});

describe("sortEntries", () => {
  const rows = [entry("b", 1, 0.9, { categories: { UPR: { value: 0.2, ciLow: null, ciHigh: null, n: 1 } } }), entry("a", 2, 0.5), entry("c", 3, 0.1, { categories: { UPR: { value: 0.7, ciLow: null, ciHigh: null, n: 1 } } })];
  it("sorts by name, value, date and category, either direction", () => {
    expect(sortEntries(rows, "method").map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(sortEntries(rows, "-value").map((e) => e.id)).toEqual(["b", "a", "c"]);
    expect(sortEntries(rows, "-date").map((e) => e.id)).toEqual(["c", "a", "b"]);
    // Entries without the category score sort last when best-first.
    expect(sortEntries(rows, "-UPR").map((e) => e.id)).toEqual(["c", "b", "a"]);
    expect(sortEntries(rows, "nonsense").map((e) => e.id)).toEqual(["b", "a", "c"]);
  });
});

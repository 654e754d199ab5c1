import { describe, expect, it } from "vitest";
import { scopeStatsOf } from "../../../../lib/server/leaderboard/ranked-board";

// An entry page's "of", "best" and "median" per scope (computed once per board).
describe("scopeStatsOf", () => {
  it("counts the entries and gives the best and the median, whatever the order", () => {
    expect(scopeStatsOf([0.3, 0.1, 0.2])).toEqual({ of: 3, best: 0.3, median: 0.2 });
    expect(scopeStatsOf([0.4, 0.1])).toEqual({ of: 2, best: 0.4, median: 0.25 });
    expect(scopeStatsOf([0.5, 0.9, 0.1, 0.7])).toEqual({ of: 4, best: 0.9, median: 0.6 });
  });

  it("has no best or median without entries, and leaves its input as it was", () => {
    expect(scopeStatsOf([])).toEqual({ of: 0, best: null, median: null });
    const values = [0.2, 0.1];
    scopeStatsOf(values);
    expect(values).toEqual([0.2, 0.1]);
  });
});

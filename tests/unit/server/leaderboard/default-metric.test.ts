import { describe, expect, it } from "vitest";
import { DEFAULT_METRIC, entryMetric, parseLeaderboardParams } from "@/lib/server/leaderboard/params";

// Issue 45, point 7: the board and the entry page open on one metric.
describe("one default metric", () => {
  it("the entry page opens on the board's default, even when the entry has judge scores", () => {
    expect(parseLeaderboardParams({}).metric).toBe(DEFAULT_METRIC);
    expect(entryMetric(["judge", "f1", "bleu1"], undefined)).toBe(DEFAULT_METRIC);
    expect(entryMetric(["judge", "f1", "bleu1"], "judge")).toBe("judge");
    expect(entryMetric(["judge", "f1"], "nope")).toBe(DEFAULT_METRIC);
    expect(entryMetric([], undefined)).toBe(DEFAULT_METRIC);
  });
});

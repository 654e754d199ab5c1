import { describe, expect, it } from "vitest";
import { checkReproduction, type ReproductionPair } from "../../../lib/scoring/reproduction";
import type { CategoryCode } from "../../../lib/scoring/types";

// Fixtures whose paired intervals are known without a bootstrap: a constant difference d gives the
// interval [d, d]; identical scores give [0, 0].
const pairs = (category: CategoryCode, n: number, f1Shift: number, judgeShift: number | null): ReproductionPair[] =>
  Array.from({ length: n }, (_, i) => {
    const v = (i % 4) / 4;
    return {
      category,
      f1: [v, v + f1Shift],
      judge: judgeShift === null ? [v, null] : [v, v + judgeShift],
    };
  });

describe("checkReproduction", () => {
  it("grants: identical scores in every main type give [0, 0] intervals", () => {
    const check = checkReproduction([...pairs("UPR", 40, 0, 0), ...pairs("TR", 40, 0, 0), ...pairs("CD", 40, 0, 0)]);
    expect(check.agrees).toBe(true);
    expect(check.mainTypes.map((m) => [m.mainType, m.f1.ciLow, m.f1.ciHigh, m.judge?.n])).toEqual([
      ["RECALL", 0, 0, 40],
      ["REASONING", 0, 0, 40],
      ["APPLICATION", 0, 0, 40],
    ]);
  });

  it("grants on noise around zero: differences +-0.1 alternating have an interval containing 0", () => {
    const noisy = pairs("UPR", 80, 0, 0).map((p, i) => ({
      ...p,
      f1: [p.f1[0], p.f1[0] + (i % 2 ? 0.1 : -0.1)] as const,
    }));
    const check = checkReproduction(noisy);
    expect(check.mainTypes[0]!.f1.diff).toBeCloseTo(0, 12);
    expect(check.mainTypes[0]!.f1.ciLow).toBeLessThan(0);
    expect(check.agrees).toBe(true);
  });

  it("refuses when one main type's F1 interval excludes 0 ([0.05, 0.05])", () => {
    const check = checkReproduction([...pairs("UPR", 40, 0, 0), ...pairs("TR", 40, 0.05, 0)]);
    expect(check.agrees).toBe(false);
    const reasoning = check.mainTypes.find((m) => m.mainType === "REASONING")!;
    expect([reasoning.f1.ciLow, reasoning.f1.ciHigh, reasoning.agrees]).toEqual([
      expect.closeTo(0.05, 12),
      expect.closeTo(0.05, 12),
      false,
    ]);
  });

  it("refuses on the judge alone, and ignores the judge where one side was not judged", () => {
    expect(checkReproduction(pairs("UPR", 40, 0, -0.2)).agrees).toBe(false);
    const unjudged = checkReproduction(pairs("UPR", 40, 0, null));
    expect(unjudged.agrees).toBe(true);
    expect(unjudged.mainTypes[0]!.judge).toBeNull();
  });

  it("nothing in common refuses", () => {
    expect(checkReproduction([]).agrees).toBe(false);
  });
});

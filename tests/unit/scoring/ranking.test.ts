import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rankWithTies } from "../../../lib/scoring/ranking";

describe("rankWithTies", () => {
  it("ranks 1, 2, 2, 4 when the middle CIs overlap", () => {
    const out = rankWithTies([
      { id: "d", value: 0.6, ciLow: 0.55, ciHigh: 0.65 },
      { id: "b", value: 0.8, ciLow: 0.75, ciHigh: 0.85 },
      { id: "a", value: 0.9, ciLow: 0.88, ciHigh: 0.92 },
      { id: "c", value: 0.78, ciLow: 0.74, ciHigh: 0.82 },
    ]);
    expect(out).toEqual([
      { id: "a", rank: 1, tied: false },
      { id: "b", rank: 2, tied: true },
      { id: "c", rank: 2, tied: true },
      { id: "d", rank: 4, tied: false },
    ]);
  });

  it("chains ties down the list and ties equal values without CIs", () => {
    const out = rankWithTies([
      { id: "a", value: 0.8, ciLow: 0.7, ciHigh: 0.9 },
      { id: "b", value: 0.75, ciLow: 0.65, ciHigh: 0.85 }, // overlaps a
      { id: "c", value: 0.66, ciLow: 0.6, ciHigh: 0.7 }, // overlaps b, not a: still in the group
      { id: "e", value: 0.5, ciLow: null, ciHigh: null },
      { id: "f", value: 0.5, ciLow: null, ciHigh: null },
      { id: "g", value: 0.4, ciLow: null, ciHigh: null },
    ]);
    expect(out.map((e) => [e.id, e.rank, e.tied])).toEqual([
      ["a", 1, true],
      ["b", 1, true],
      ["c", 1, true],
      ["e", 4, true],
      ["f", 4, true],
      ["g", 6, false],
    ]);
  });

  it("properties: ranks are non-decreasing, start at 1, and never exceed the position", () => {
    const entry = fc.record({
      id: fc.uuid(),
      value: fc.double({ min: 0, max: 1, noNaN: true }),
      half: fc.double({ min: 0, max: 0.2, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 30 }), (raw) => {
        const out = rankWithTies(
          raw.map((e) => ({ id: e.id, value: e.value, ciLow: e.value - e.half, ciHigh: e.value + e.half })),
        );
        expect(out[0].rank).toBe(1);
        out.forEach((e, i) => {
          expect(e.rank).toBeLessThanOrEqual(i + 1);
          if (i > 0) expect(e.rank).toBeGreaterThanOrEqual(out[i - 1].rank);
          if (!e.tied) expect(e.rank).toBe(i + 1);
        });
        expect(
          rankWithTies(
            [...raw]
              .reverse()
              .map((e) => ({ id: e.id, value: e.value, ciLow: e.value - e.half, ciHigh: e.value + e.half })),
          ),
        ).toEqual(out);
      }),
    );
  });
});

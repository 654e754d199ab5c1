import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  bootstrapMeans,
  bootstrapMeansMulti,
  pairedBootstrap,
  percentileInterval,
  quantileSorted,
} from "../../../lib/scoring/bootstrap";
import { drawIndex, mulberry32 } from "../../../lib/scoring/prng";

/** The procedure of docs/SCORING.md written plainly: per resample, n draws, each column summed in draw order. */
function plainMeans(columns: number[][], resamples: number, seed: number): number[][] {
  const n = columns[0].length;
  const next = mulberry32(seed);
  const out = columns.map(() => [] as number[]);
  for (let b = 0; b < resamples; b++) {
    const sums = columns.map(() => 0);
    for (let i = 0; i < n; i++) {
      const j = drawIndex(next(), n);
      columns.forEach((col, c) => (sums[c] += col[j]));
    }
    sums.forEach((s, c) => out[c].push(s / n));
  }
  return out;
}

describe("bootstrap", () => {
  it("the shared resample loop gives exactly the plain procedure's numbers, for every column", () => {
    // Sizes on both sides of 2^16; values with rounding-sensitive sums; one to nine columns.
    for (const [n, k] of [
      [1, 1],
      [7, 3],
      [2236, 4],
      [2236, 5],
      [513, 9],
      [70_000, 3],
      [70_000, 6],
    ]) {
      const columns = Array.from({ length: k }, (_, c) => c).map((c) =>
        Array.from({ length: n }, (_, i) => ((i * 7919 + c * 104729) % 1000) / 997),
      );
      const resamples = n > 10_000 ? 3 : 50;
      const got = bootstrapMeansMulti(columns, resamples, 20260529 + n);
      const want = plainMeans(columns, resamples, 20260529 + n);
      got.forEach((dist, c) => expect(Array.from(dist), `n=${n} k=${k} column ${c}`).toEqual(want[c]));
    }
  });

  it("mulberry32 is deterministic and seed-dependent", () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect(mulberry32(2)()).not.toBe(seqA[0]);
    expect(seqA.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
  });

  it("quantiles interpolate linearly (numpy default)", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([0, 10], 0.025)).toBeCloseTo(0.25, 12);
    expect(quantileSorted([5], 0.975)).toBe(5);
    expect(percentileInterval(new Float64Array(0))).toEqual({ low: null, high: null });
  });

  it("resample means stay within the data range and are reproducible", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }),
        fc.nat(),
        (values, seed) => {
          const dist = bootstrapMeans(values, 50, seed);
          const lo = Math.min(...values);
          const hi = Math.max(...values);
          for (const m of dist) {
            expect(m).toBeGreaterThanOrEqual(lo - 1e-12);
            expect(m).toBeLessThanOrEqual(hi + 1e-12);
          }
          expect(bootstrapMeans(values, 50, seed)).toEqual(dist);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("pairedBootstrap: identical systems are not different; a clearly better one is", () => {
    const a = Array.from({ length: 300 }, (_, i) => (i % 10) / 10);
    expect(pairedBootstrap(a, a)).toEqual({ diff: 0, ciLow: 0, ciHigh: 0, pValue: 1 });
    const b = a.map((x) => Math.max(0, x - 0.2));
    const better = pairedBootstrap(a, b, { seed: 3 });
    expect(better.diff).toBeGreaterThan(0.15);
    expect(better.ciLow).toBeGreaterThan(0);
    expect(better.pValue).toBe(0);
    const reverse = pairedBootstrap(b, a, { seed: 3 });
    expect(reverse.diff).toBeCloseTo(-better.diff, 12);
    expect(() => pairedBootstrap([1], [1, 2])).toThrow();
  });
});

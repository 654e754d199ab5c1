// Percentile bootstrap over questions (procedure: docs/SCORING.md).
import { drawIndex, hashString, mulberry32 } from "./prng";

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 20260529;

export function bootstrapMeans(values: ArrayLike<number>, resamples: number, seed: number): Float64Array {
  return bootstrapMeansMulti([values], resamples, seed)[0];
}

/** Equally long columns share ONE index stream: the same questions are drawn for every column. */
export function bootstrapMeansMulti(
  columns: ReadonlyArray<ArrayLike<number>>,
  resamples: number,
  seed: number,
): Float64Array[] {
  const n = columns.length > 0 ? columns[0].length : 0;
  const out = columns.map(() => new Float64Array(n === 0 ? 0 : resamples));
  const next = mulberry32(seed);
  const sums = new Float64Array(columns.length);
  for (let b = 0; n > 0 && b < resamples; b++) {
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const j = drawIndex(next(), n);
      for (let c = 0; c < columns.length; c++) sums[c] += columns[c][j];
    }
    for (let c = 0; c < columns.length; c++) out[c][b] = sums[c] / n;
  }
  return out;
}

/** Linear-interpolation quantile (numpy's default, "type 7") of an ascending-sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export function percentileInterval(dist: Float64Array, level = 0.95): { low: number | null; high: number | null } {
  if (dist.length === 0) return { low: null, high: null };
  const sorted = Float64Array.from(dist).sort();
  const alpha = (1 - level) / 2;
  return { low: quantileSorted(sorted, alpha), high: quantileSorted(sorted, 1 - alpha) };
}

export function seedFor(seed: number, stratum: string): number {
  return hashString(stratum, (seed ^ 0x811c9dc5) >>> 0);
}

/** mean(a) - mean(b) over the same questions; pValue two-sided, capped at 1. */
export function pairedBootstrap(
  a: number[],
  b: number[],
  opts: { resamples?: number; seed?: number } = {},
): { diff: number; ciLow: number; ciHigh: number; pValue: number } {
  if (a.length !== b.length) throw new Error(`pairedBootstrap needs equal lengths (${a.length} vs ${b.length})`);
  if (a.length === 0) throw new Error("pairedBootstrap needs at least one question");
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const diffs = new Float64Array(a.length);
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    diffs[i] = a[i] - b[i];
    total += diffs[i];
  }
  const dist = bootstrapMeans(diffs, resamples, seedFor(opts.seed ?? DEFAULT_SEED, "paired"));
  let atMostZero = 0;
  let atLeastZero = 0;
  for (const d of dist) {
    if (d <= 0) atMostZero++;
    if (d >= 0) atLeastZero++;
  }
  const { low, high } = percentileInterval(dist);
  const pValue = Math.min(1, (2 * Math.min(atMostZero, atLeastZero)) / resamples);
  return { diff: total / a.length, ciLow: low!, ciHigh: high!, pValue };
}

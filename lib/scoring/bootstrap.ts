// Percentile bootstrap over questions. See docs/SCORING.md for the exact procedure.
import { hashString } from "./prng";

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 20260529;

/** Means of `resamples` resamples (with replacement, same size) of `values`; empty when n = 0. */
export function bootstrapMeans(values: ArrayLike<number>, resamples: number, seed: number): Float64Array {
  return bootstrapMeansMulti([values], resamples, seed)[0];
}

/**
 * Resample means of several equally long columns with ONE shared index stream (the same questions
 * are drawn for every column). The PRNG (mulberry32, as in prng.ts) is inlined: this loop runs
 * n x resamples times and a closure call per draw would dominate the cost. The columns are
 * interleaved four at a time (question i's values side by side, one cache line per draw), and each
 * draw adds to four independent sums in the same loop as the PRNG: every column still sums its
 * draws in draw order (the same additions, in the same order, as drawing per column: identical
 * numbers), but a draw costs one memory read instead of one per column, and the four add chains
 * overlap instead of waiting on each other. More than four columns: further groups of four replay
 * the same draws from a saved index buffer.
 */
export function bootstrapMeansMulti(columns: ReadonlyArray<ArrayLike<number>>, resamples: number, seed: number): Float64Array[] {
  const n = columns.length > 0 ? columns[0].length : 0;
  const out = columns.map(() => new Float64Array(n === 0 ? 0 : resamples));
  if (n === 0) return out;
  const groups = Math.ceil(columns.length / 4);
  const packed = Array.from({ length: groups }, (_, g) => {
    const block = new Float64Array(n * 4);
    for (let c = g * 4; c < Math.min(columns.length, g * 4 + 4); c++) {
      const col = columns[c];
      for (let i = 0, j = c - g * 4; i < n; i++, j += 4) block[j] = col[i];
    }
    return block;
  });
  const draw = groups > 1 ? (n <= 0x10000 ? new Uint16Array(n) : new Uint32Array(n)) : null;
  const sums = new Float64Array(4);
  let a = seed >>> 0;
  for (let b = 0; b < resamples; b++) {
    const block = packed[0];
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < n; i++) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const q = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
      if (draw) draw[i] = q;
      const j = q * 4;
      s0 += block[j];
      s1 += block[j + 1];
      s2 += block[j + 2];
      s3 += block[j + 3];
    }
    sums[0] = s0;
    sums[1] = s1;
    sums[2] = s2;
    sums[3] = s3;
    for (let c = 0; c < Math.min(4, columns.length); c++) out[c][b] = sums[c] / n;
    for (let g = 1; g < groups; g++) replayGroup(packed[g], draw!, n, out, g * 4, b);
  }
  return out;
}

/** Columns 4g..4g+3 summed over a resample's saved draws (same order as the first group). */
function replayGroup(block: Float64Array, draw: Uint16Array | Uint32Array, n: number, out: Float64Array[], first: number, b: number): void {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    const j = draw[i] * 4;
    s0 += block[j];
    s1 += block[j + 1];
    s2 += block[j + 2];
    s3 += block[j + 3];
  }
  const sums = [s0, s1, s2, s3];
  for (let c = first; c < Math.min(out.length, first + 4); c++) out[c][b] = sums[c - first] / n;
}

/** Linear-interpolation quantile (numpy's default, "type 7") of an ascending-sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** 95% percentile interval of a bootstrap distribution, or nulls when there is none. */
export function percentileInterval(dist: Float64Array, level = 0.95): { low: number | null; high: number | null } {
  if (dist.length === 0) return { low: null, high: null };
  const sorted = Float64Array.from(dist).sort();
  const alpha = (1 - level) / 2;
  return { low: quantileSorted(sorted, alpha), high: quantileSorted(sorted, 1 - alpha) };
}

export function seedFor(seed: number, stratum: string): number {
  return hashString(stratum, (seed ^ 0x811c9dc5) >>> 0);
}

/**
 * Paired bootstrap of mean(a) - mean(b) over the same questions (a[i] and b[i] score question i).
 * pValue: two-sided, 2 * min(share of resampled differences <= 0, share >= 0), capped at 1.
 */
export function pairedBootstrap(a: number[], b: number[], opts: { resamples?: number; seed?: number } = {}): { diff: number; ciLow: number; ciHigh: number; pValue: number } {
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

// Percentile bootstrap over questions. See docs/SCORING.md for the exact procedure.
import { drawIndex, drawIndexSmall, hashString } from "./prng";

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 20260529;

/** Means of `resamples` resamples (with replacement, same size) of `values`; empty when n = 0. */
export function bootstrapMeans(values: ArrayLike<number>, resamples: number, seed: number): Float64Array {
  return bootstrapMeansMulti([values], resamples, seed)[0];
}

/** mulberry32's increment (prng.ts): its state is a counter, seed + k * GOLDEN after k draws. */
const GOLDEN = 0x6d2b79f5;

/**
 * Resample means of several equally long columns with ONE shared index stream (the same questions
 * are drawn for every column). Resample b draws with the stream's state after b * n draws, so
 * any range of resamples can be computed on its own (in any order, on any thread) with identical
 * numbers: bootstrapRange.
 */
export function bootstrapMeansMulti(columns: ReadonlyArray<ArrayLike<number>>, resamples: number, seed: number): Float64Array[] {
  const n = columns.length > 0 ? columns[0].length : 0;
  const out = columns.map(() => new Float64Array(n === 0 ? 0 : resamples));
  if (n > 0) bootstrapRange(packColumns(columns), out, n, 0, resamples, seed);
  return out;
}

/**
 * The columns interleaved four at a time (question i's values side by side: a draw reads one
 * cache line instead of one per column), in `into` (a Float64Array of groups x n x 4, e.g. shared
 * memory) or a new array.
 */
export function packColumns(columns: ReadonlyArray<ArrayLike<number>>, into?: Float64Array): Float64Array {
  const n = columns.length > 0 ? columns[0].length : 0;
  const groups = Math.ceil(columns.length / 4);
  const packed = into ?? new Float64Array(groups * n * 4);
  for (let c = 0; c < columns.length; c++) {
    const col = columns[c];
    for (let i = 0, j = Math.floor(c / 4) * n * 4 + (c % 4); i < n; i++, j += 4) packed[j] = col[i];
  }
  return packed;
}

/**
 * Resamples [from, to) of `packed` (packColumns of out.length columns of n values) into out[c][b].
 * The PRNG (mulberry32, as in prng.ts) is inlined in int32 arithmetic: this loop runs n x resamples
 * times, and a closure call or a float conversion per draw would dominate it (drawIndexSmall
 * draws in integers, exactly as drawIndex). Each draw adds to four
 * independent sums: every column sums its draws in draw order (the same additions, in the same
 * order, as drawing per column: identical numbers), and the four add chains overlap. More than four
 * columns: further groups replay the same draws from a saved index buffer.
 */
export function bootstrapRange(packed: Float64Array, out: Float64Array[], n: number, from: number, to: number, seed: number): void {
  const groups = Math.ceil(out.length / 4);
  if (groups === 1 && n <= 0xffff) return bootstrapPairs(packed, out, n, from, to, seed);
  const draw = groups > 1 ? new Uint32Array(n) : null;
  const small = n <= 0xffff;
  let a = (seed + Math.imul(Math.imul(from, n), GOLDEN)) | 0;
  for (let b = from; b < to; b++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < n; i++) {
      a = (a + GOLDEN) | 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      t ^= t >>> 14;
      const q = small ? drawIndexSmall(t, n) : drawIndex(t >>> 0, n);
      if (draw !== null) draw[i] = q;
      const j = q << 2;
      s0 += packed[j];
      s1 += packed[j + 1];
      s2 += packed[j + 2];
      s3 += packed[j + 3];
    }
    const sums = [s0, s1, s2, s3];
    for (let c = 0; c < Math.min(4, out.length); c++) out[c][b] = sums[c] / n;
    for (let g = 1; g < groups; g++) replayGroup(packed, g * n * 4, draw!, n, out, g * 4, b);
  }
}

/**
 * bootstrapRange for up to four columns and n < 2^16 (every real submission), two resamples at a
 * time: resample b + 1 starts n draws after b, so both streams run side by side in one loop and the
 * CPU overlaps their eight add chains (~25% faster). Each column of each resample still sums its
 * own draws in draw order: the same numbers.
 */
function bootstrapPairs(packed: Float64Array, out: Float64Array[], n: number, from: number, to: number, seed: number): void {
  const cols = out.length;
  for (let b = from; b < to; b += 2) {
    const both = b + 1 < to;
    let a = (seed + Math.imul(Math.imul(b, n), GOLDEN)) | 0;
    let c = (a + Math.imul(n, GOLDEN)) | 0;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let r0 = 0;
    let r1 = 0;
    let r2 = 0;
    let r3 = 0;
    for (let i = 0; i < n; i++) {
      a = (a + GOLDEN) | 0;
      c = (c + GOLDEN) | 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      let u = Math.imul(c ^ (c >>> 15), c | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      u ^= u + Math.imul(u ^ (u >>> 7), u | 61);
      t ^= t >>> 14;
      u ^= u >>> 14;
      const j = drawIndexSmall(t, n) << 2;
      const k = drawIndexSmall(u, n) << 2;
      s0 += packed[j];
      s1 += packed[j + 1];
      s2 += packed[j + 2];
      s3 += packed[j + 3];
      r0 += packed[k];
      r1 += packed[k + 1];
      r2 += packed[k + 2];
      r3 += packed[k + 3];
    }
    const first = [s0, s1, s2, s3];
    const second = [r0, r1, r2, r3];
    for (let col = 0; col < cols; col++) {
      out[col][b] = first[col] / n;
      if (both) out[col][b + 1] = second[col] / n;
    }
  }
}

/** Columns 4g..4g+3 (from `offset` in packed) summed over a resample's saved draws (same order as the first group). */
function replayGroup(packed: Float64Array, offset: number, draw: Uint32Array, n: number, out: Float64Array[], first: number, b: number): void {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    const j = offset + draw[i] * 4;
    s0 += packed[j];
    s1 += packed[j + 1];
    s2 += packed[j + 2];
    s3 += packed[j + 3];
  }
  const sums = [s0, s1, s2, s3];
  for (let c = first; c < Math.min(out.length, first + 4); c++) out[c][b] = sums[c - first] / n;
}

/** Resample means of several cells (each one bootstrapMeansMulti call): one job per cell. */
export type BootstrapJob = { columns: ReadonlyArray<ArrayLike<number>>; resamples: number; seed: number };
/** Runs jobs; the result of each must equal bootstrapMeansMulti of it (serialBootstrap). */
export type BootstrapRunner = (jobs: readonly BootstrapJob[]) => Float64Array[][];
export const serialBootstrap: BootstrapRunner = (jobs) => jobs.map((j) => bootstrapMeansMulti(j.columns, j.resamples, j.seed));

/** Linear-interpolation quantile (numpy's default, "type 7") of an ascending-sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** 95% percentile interval of a bootstrap distribution, or nulls when there is none. */
export function percentileInterval(dist: Float64Array, level = 0.95): { low: number | null; high: number | null } {
  return percentileIntervalInPlace(Float64Array.from(dist), level);
}

/** percentileInterval of a distribution that may be reordered: sorts `dist` itself (no copy). */
export function percentileIntervalInPlace(dist: Float64Array, level = 0.95): { low: number | null; high: number | null } {
  if (dist.length === 0) return { low: null, high: null };
  const sorted = dist.sort();
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

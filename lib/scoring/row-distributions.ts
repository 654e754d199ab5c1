// The resample distributions behind the score rows' CIs (aggregate.ts). Many rows pool the same
// cells (a category's own row, its main type and ALL when it is the only one; overall when there is
// one split), so each distribution is computed once, by the cells it pools, and sorted once. A CLI
// run aggregates once, in a fresh process: this code runs cold, so doing less is what counts. The
// loops over resamples are small functions, which V8 compiles on their own early and cheaply.
import { percentileIntervalInPlace } from "./bootstrap";

/** A cell as the distributions see it: an id unique within a batch, its questions and resample means. */
export type PooledCell = { id: number; n: number; boot: Float64Array };
export type Interval = { ciLow: number | null; ciHigh: number | null };

export class RowDistributions {
  private readonly free: Float64Array[] = [];
  private readonly dists = new Map<string, Float64Array>();
  private readonly intervals = new Map<string, Interval>();

  constructor(private readonly resamples: number) {}

  /**
   * micro: the n-weighted mean of the cells' resample means, sum(n_c * mean_c) / total (divided
   * last, so 1s stay 1), the cells added in the order given. Returns its key.
   */
  pooled(cells: readonly PooledCell[]): string {
    const key = cells.map((c) => c.id).join(",");
    if (!this.dists.has(key)) {
      const out = this.take();
      for (const c of cells) addScaled(out, c.boot, c.n);
      divide(out, cells.reduce((a, c) => a + c.n, 0));
      this.dists.set(key, out);
    }
    return key;
  }

  /** macro: the mean of distributions (keys of `pooled`), added in order; of one, that one ((0 + x) / 1 = x). */
  mean(keys: readonly string[]): string {
    if (keys.length === 1) return keys[0];
    const key = keys.join("|");
    if (!this.dists.has(key)) {
      const out = this.take();
      for (const k of keys) add(out, this.dists.get(k)!);
      divide(out, keys.length);
      this.dists.set(key, out);
    }
    return key;
  }

  /** The 95% interval of a distribution. Sorts it in place: ask only once the batch is computed. */
  interval(key: string): Interval {
    let ci = this.intervals.get(key);
    if (!ci) {
      const { low, high } = percentileIntervalInPlace(this.dists.get(key)!);
      ci = { ciLow: low, ciHigh: high };
      this.intervals.set(key, ci);
    }
    return ci;
  }

  /** The next batch (ids start again): the arrays are reused, since each new one is fresh memory. */
  clear(): void {
    this.free.push(...this.dists.values());
    this.dists.clear();
    this.intervals.clear();
  }

  /** An array of zeros. */
  private take(): Float64Array {
    return this.free.pop()?.fill(0) ?? new Float64Array(this.resamples);
  }
}

function addScaled(out: Float64Array, boot: Float64Array, n: number): void {
  for (let b = 0; b < out.length; b++) out[b] += n * boot[b];
}

function add(out: Float64Array, dist: Float64Array): void {
  for (let b = 0; b < out.length; b++) out[b] += dist[b];
}

function divide(out: Float64Array, by: number): void {
  for (let b = 0; b < out.length; b++) out[b] /= by;
}

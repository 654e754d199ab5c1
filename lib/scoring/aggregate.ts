// Score rows (per split and overall; ALL, per main type, per category; micro and macro) with
// stratified percentile-bootstrap CIs. Every resample is built from per-(split, category) cell
// resample means, so one pass of n x R random draws per metric serves all 2 x 3 x 13 rows.
// A CLI run does this once, in a fresh process, so its code runs cold (interpreted): each category's
// resample distribution is computed once per split and shared by the rows that use it, the loops
// over resamples are small functions, and the distributions are sorted where they are.
import { CATEGORIES, CATEGORY_CODES, LEXICAL_METRICS, MAIN_TYPES, SPLITS, type CategoryCode, type MainType, type Metric, type Split, type SplitOrOverall } from "./types";
import { DEFAULT_RESAMPLES, DEFAULT_SEED, percentileIntervalInPlace, seedFor, serialBootstrap, type BootstrapJob, type BootstrapRunner } from "./bootstrap";

export type ScoreRow = {
  split: SplitOrOverall;
  scope: "ALL" | CategoryCode | MainType;
  metric: Metric;
  aggregate: "micro" | "macro";
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  /** Questions with a value in this scope (the denominator). */
  n: number;
  /** Questions in this scope whose value was null (e.g. judge failed): left out of the mean. */
  excluded?: number;
};
export type QuestionResult = { split: Split; category: CategoryCode; qid: string | null; metrics: Partial<Record<Metric, number | null>> };
/** bootstrap: how the resample jobs run (the CLI shares them with worker threads); same numbers. */
export type AggregateOptions = { resamples?: number; seed?: number; bootstrap?: BootstrapRunner };

const METRIC_ORDER: Metric[] = [...LEXICAL_METRICS, "judge"];

type Cell = { split: Split; category: CategoryCode; n: number; sum: number; excluded: number; boot: Float64Array };

export function aggregateScores(results: QuestionResult[], opts: AggregateOptions = {}): ScoreRow[] {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const metrics = METRIC_ORDER.filter((m) => results.some((r) => m in r.metrics));
  const splitsPresent: SplitOrOverall[] = SPLITS.filter((s) => results.some((r) => r.split === s));
  if (splitsPresent.length > 0) splitsPresent.push("overall");
  const cellsByMetric = buildCells(results, metrics, resamples, seed, opts.bootstrap ?? serialBootstrap);
  const rows: ScoreRow[] = [];
  const scratch = new Scratch(resamples > 0 ? resamples : 0);
  for (const metric of metrics) {
    const cells = cellsByMetric.get(metric)!;
    for (const split of splitsPresent) splitRows(rows, split, metric, split === "overall" ? cells : cells.filter((c) => c.split === split), scratch);
  }
  return rows;
}

/** Distributions reused across splits and metrics: each new array is fresh memory (a page fault every 4 KB). */
class Scratch {
  private readonly free: Float64Array[] = [];
  constructor(private readonly size: number) {}
  /** An array of zeros. */
  take(): Float64Array {
    return this.free.pop()?.fill(0) ?? new Float64Array(this.size);
  }
  give(...dists: Float64Array[]): void {
    this.free.push(...dists);
  }
}

/** Scopes in row order, each with the categories it pools. */
const SCOPES: ReadonlyArray<readonly [ScoreRow["scope"], ReadonlySet<CategoryCode>]> = [
  ["ALL", new Set(CATEGORY_CODES)],
  ...MAIN_TYPES.map((t) => [t, new Set(CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === t))] as const),
  ...CATEGORY_CODES.map((c) => [c, new Set([c])] as const),
];

/** A category within one split (or overall): its cells with values, in cell order. */
type Group = { cells: Cell[]; n: number; mean: number; dist: Float64Array };

/**
 * The rows of one split (or overall) and metric, appended to `rows`. micro: pooled mean of the
 * questions, its resample = the n-weighted mean of the cell resample means; macro: mean of the
 * category means, each category pooling its cells of this split. A category's resample means are
 * the same array wherever the category is pooled (ALL, its main type, itself), so they are computed
 * once; a category's own macro row equals its micro row (one category: (0 + x) / 1 = x).
 */
function splitRows(rows: ScoreRow[], split: SplitOrOverall, metric: Metric, cells: Cell[], scratch: Scratch): void {
  const groups = new Map<CategoryCode, Group>();
  for (const c of cells) {
    if (c.n === 0) continue;
    const g = groups.get(c.category);
    if (g) g.cells.push(c);
    else groups.set(c.category, { cells: [c], n: 0, mean: 0, dist: scratch.take() });
  }
  for (const g of groups.values()) {
    g.n = g.cells.reduce((a, c) => a + c.n, 0);
    g.mean = g.cells.reduce((a, c) => a + c.sum, 0) / g.n;
    combine(g.dist, g.cells, g.n);
  }
  for (const [scope, cats] of SCOPES) {
    let n = 0;
    let excluded = 0;
    const live: Cell[] = [];
    for (const c of cells) {
      if (!cats.has(c.category)) continue;
      n += c.n;
      excluded += c.excluded;
      if (c.n > 0) live.push(c);
    }
    if (n === 0) continue;
    const base = { split, scope, metric, n, ...(excluded > 0 || metric === "judge" ? { excluded } : {}) };
    const micro = live.reduce((a, c) => a + c.sum, 0) / n;
    if (cats.size === 1) {
      // One category: micro and macro are that category's mean and resample means (its last use).
      const ci = interval(groups.get(live[0].category)!.dist);
      rows.push({ ...base, aggregate: "micro", value: micro, ...ci }, { ...base, aggregate: "macro", value: micro, ...ci });
      continue;
    }
    // The categories in order of their first cell, as the macro mean adds them.
    const seen: Group[] = [];
    for (const c of live) {
      const g = groups.get(c.category)!;
      if (!seen.includes(g)) seen.push(g);
    }
    let macro = 0;
    const macroDist = scratch.take();
    for (const g of seen) {
      macro += g.mean;
      add(macroDist, g.dist);
    }
    macro /= seen.length;
    divide(macroDist, seen.length);
    const microDist = combine(scratch.take(), live, n);
    rows.push({ ...base, aggregate: "micro", value: micro, ...interval(microDist) }, { ...base, aggregate: "macro", value: macro, ...interval(macroDist) });
    scratch.give(microDist, macroDist);
  }
  for (const g of groups.values()) scratch.give(g.dist);
}

/** The 95% interval of a distribution this module owns (sorted in place: no copy). */
function interval(dist: Float64Array): { ciLow: number | null; ciHigh: number | null } {
  const { low, high } = percentileIntervalInPlace(dist);
  return { ciLow: low, ciHigh: high };
}

/**
 * One cell per (split, category) and metric. Within a cell, all metrics without nulls share one
 * resample index stream (seeded by the cell); a metric with nulls (judge failures) resamples its
 * own non-null values with a stream seeded by cell and metric.
 */
function buildCells(results: QuestionResult[], metrics: Metric[], resamples: number, seed: number, run: BootstrapRunner): Map<Metric, Cell[]> {
  const groups = new Map<string, QuestionResult[]>();
  for (const r of results) {
    const key = `${r.split}|${r.category}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const out = new Map<Metric, Cell[]>(metrics.map((m) => [m, []]));
  // Every resampling is collected first and run at once: one job per stream, each job's result
  // assigned to its cells (one per column).
  const jobs: BootstrapJob[] = [];
  const targets: Cell[][] = [];
  for (const [key, members] of groups) {
    const { split, category } = members[0];
    const full: Array<{ cell: Cell; values: number[] }> = [];
    for (const metric of metrics) {
      const values: number[] = [];
      let excluded = 0;
      let absent = 0;
      for (const r of members) {
        if (!(metric in r.metrics)) absent++;
        else {
          const v = r.metrics[metric];
          if (v === null || v === undefined || Number.isNaN(v)) excluded++;
          else values.push(v);
        }
      }
      if (absent === members.length) continue;
      const sum = values.reduce((a, b) => a + b, 0);
      const cell: Cell = { split, category, n: values.length, sum, excluded, boot: new Float64Array(0) };
      out.get(metric)!.push(cell);
      if (excluded === 0 && absent === 0) full.push({ cell, values });
      else {
        jobs.push({ columns: [values], resamples, seed: seedFor(seed, `${key}|${metric}`) });
        targets.push([cell]);
      }
    }
    jobs.push({ columns: full.map((f) => f.values), resamples, seed: seedFor(seed, key) });
    targets.push(full.map((f) => f.cell));
  }
  run(jobs).forEach((dists, j) => targets[j].forEach((cell, c) => (cell.boot = dists[c])));
  return out;
}

/** n-weighted mean of cell resample means, in `out` (zeros): sum(n_c * mean_c) / total (divide last, so 1s stay 1). */
function combine(out: Float64Array, cells: Cell[], total: number): Float64Array {
  for (const c of cells) addScaled(out, c.boot, c.n);
  divide(out, total);
  return out;
}

// The loops over resamples: small functions, so that V8 compiles them on its own early and cheaply.
function addScaled(out: Float64Array, boot: Float64Array, n: number): void {
  for (let b = 0; b < out.length; b++) out[b] += n * boot[b];
}

function add(out: Float64Array, dist: Float64Array): void {
  for (let b = 0; b < out.length; b++) out[b] += dist[b];
}

function divide(out: Float64Array, by: number): void {
  for (let b = 0; b < out.length; b++) out[b] /= by;
}

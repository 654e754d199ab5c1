// Score rows (per split and overall; ALL, per main type, per category; micro and macro) with
// stratified percentile-bootstrap CIs. Every resample is built from per-(split, category) cell
// resample means, so one pass of n x R random draws per metric serves all 2 x 3 x 13 rows.
// A CLI run does this once, in a fresh process, with its code cold: row-distributions.ts computes
// each distinct resample distribution once.
import { CATEGORIES, CATEGORY_CODES, LEXICAL_METRICS, MAIN_TYPES, SPLITS, type CategoryCode, type MainType, type Metric, type Split, type SplitOrOverall } from "./types";
import { DEFAULT_RESAMPLES, DEFAULT_SEED, seedFor, serialBootstrap, type BootstrapJob, type BootstrapRunner } from "./bootstrap";
import { RowDistributions, type PooledCell } from "./row-distributions";

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

/** A (split, category) cell of one metric; id: its place in the metric's cells. */
type Cell = PooledCell & { split: Split; category: CategoryCode; sum: number; excluded: number };

export function aggregateScores(results: QuestionResult[], opts: AggregateOptions = {}): ScoreRow[] {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const metrics = METRIC_ORDER.filter((m) => results.some((r) => m in r.metrics));
  const splitsPresent: SplitOrOverall[] = SPLITS.filter((s) => results.some((r) => r.split === s));
  if (splitsPresent.length > 0) splitsPresent.push("overall");
  const cellsByMetric = buildCells(results, metrics, resamples, seed, opts.bootstrap ?? serialBootstrap);
  const rows: ScoreRow[] = [];
  const dists = new RowDistributions(resamples > 0 ? resamples : 0);
  for (const metric of metrics) metricRows(rows, metric, cellsByMetric.get(metric)!, splitsPresent, dists);
  return rows;
}

/** Scopes in row order, each with the categories it pools. */
const SCOPES: ReadonlyArray<readonly [ScoreRow["scope"], ReadonlySet<CategoryCode>]> = [
  ["ALL", new Set(CATEGORY_CODES)],
  ...MAIN_TYPES.map((t) => [t, new Set(CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === t))] as const),
  ...CATEGORY_CODES.map((c) => [c, new Set([c])] as const),
];

type Pending = { base: Omit<ScoreRow, "aggregate" | "value" | "ciLow" | "ciHigh">; micro: number; microDist: string; macro: number; macroDist: string };

/**
 * One metric's rows, every split and scope, appended to `rows`. micro: pooled mean of the questions,
 * its resample = the n-weighted mean of the cell resample means; macro: mean of the category means,
 * each category pooling its cells of this split. Every distribution first, then the intervals (which
 * sort them): rows that pool the same cells share one (row-distributions.ts).
 */
function metricRows(rows: ScoreRow[], metric: Metric, cells: Cell[], splits: SplitOrOverall[], dists: RowDistributions): void {
  const pending: Pending[] = [];
  for (const split of splits) {
    const inSplit = split === "overall" ? cells : cells.filter((c) => c.split === split);
    for (const [scope, cats] of SCOPES) {
      let n = 0;
      let excluded = 0;
      const live: Cell[] = [];
      for (const c of inSplit) {
        if (!cats.has(c.category)) continue;
        n += c.n;
        excluded += c.excluded;
        if (c.n > 0) live.push(c);
      }
      if (n === 0) continue;
      // The categories in order of their first cell, as the macro mean adds them.
      const byCategory = new Map<CategoryCode, Cell[]>();
      for (const c of live) {
        const group = byCategory.get(c.category);
        if (group) group.push(c);
        else byCategory.set(c.category, [c]);
      }
      let macro = 0;
      for (const group of byCategory.values()) macro += group.reduce((a, c) => a + c.sum, 0) / group.reduce((a, c) => a + c.n, 0);
      macro /= byCategory.size;
      const base = { split, scope, metric, n, ...(excluded > 0 || metric === "judge" ? { excluded } : {}) };
      const macroDist = dists.mean([...byCategory.values()].map((group) => dists.pooled(group)));
      pending.push({ base, micro: live.reduce((a, c) => a + c.sum, 0) / n, microDist: dists.pooled(live), macro, macroDist });
    }
  }
  for (const p of pending) rows.push({ ...p.base, aggregate: "micro", value: p.micro, ...dists.interval(p.microDist) }, { ...p.base, aggregate: "macro", value: p.macro, ...dists.interval(p.macroDist) });
  dists.clear();
}

/**
 * One cell per (split, category) and metric. Within a cell, all metrics without nulls share one
 * resample index stream (seeded by the cell); a metric with nulls (judge failures) resamples its
 * own non-null values with a stream seeded by cell and metric.
 */
function buildCells(results: QuestionResult[], metrics: Metric[], resamples: number, seed: number, run: BootstrapRunner): Map<Metric, Cell[]> {
  const { members, starts } = groupByCell(results);
  const out = new Map<Metric, Cell[]>(metrics.map((m) => [m, []]));
  // Every resampling is collected first and run at once: one job per stream, each job's result
  // assigned to its cells (one per column).
  const jobs: BootstrapJob[] = [];
  const targets: Cell[][] = [];
  for (let g = 0; g + 1 < starts.length; g++) {
    const from = starts[g];
    const to = starts[g + 1];
    const { split, category } = results[members[from]];
    const key = `${split}|${category}`;
    const full: Array<{ cell: Cell; values: Float64Array }> = [];
    for (const metric of metrics) {
      const values = new Float64Array(to - from);
      let n = 0;
      let sum = 0;
      let excluded = 0;
      let absent = 0;
      for (let k = from; k < to; k++) {
        const m = results[members[k]].metrics;
        if (!(metric in m)) absent++;
        else {
          const v = m[metric];
          if (v === null || v === undefined || Number.isNaN(v)) excluded++;
          else {
            values[n++] = v;
            sum += v; // in member order, as a reduce over the values would add them
          }
        }
      }
      if (absent === to - from) continue;
      const list = out.get(metric)!;
      const cell: Cell = { id: list.length, split, category, n, sum, excluded, boot: new Float64Array(0) };
      list.push(cell);
      const own = n === values.length ? values : values.slice(0, n);
      if (excluded === 0 && absent === 0) full.push({ cell, values: own });
      else {
        jobs.push({ columns: [own], resamples, seed: seedFor(seed, `${key}|${metric}`) });
        targets.push([cell]);
      }
    }
    jobs.push({ columns: full.map((f) => f.values), resamples, seed: seedFor(seed, key) });
    targets.push(full.map((f) => f.cell));
  }
  run(jobs).forEach((dists, j) => targets[j].forEach((cell, c) => (cell.boot = dists[c])));
  return out;
}

const SPLIT_INDEX = new Map<Split, number>(SPLITS.map((s, i) => [s, i]));
const CATEGORY_INDEX = new Map<CategoryCode, number>(CATEGORY_CODES.map((c, i) => [c, i]));

/**
 * The results' indexes grouped by (split, category) cell, cells in order of first appearance and
 * members in result order (a counting sort: no key string or list per result): cell g's members
 * are members[starts[g]..starts[g + 1]).
 */
function groupByCell(results: QuestionResult[]): { members: Int32Array; starts: number[] } {
  const slot = new Int32Array(SPLITS.length * CATEGORY_CODES.length).fill(-1);
  const cellOf = new Int32Array(results.length);
  const counts: number[] = [];
  for (let i = 0; i < results.length; i++) {
    const k = SPLIT_INDEX.get(results[i].split)! * CATEGORY_CODES.length + CATEGORY_INDEX.get(results[i].category)!;
    if (slot[k] < 0) {
      slot[k] = counts.length;
      counts.push(0);
    }
    cellOf[i] = slot[k];
    counts[slot[k]]++;
  }
  const starts = [0];
  for (const c of counts) starts.push(starts[starts.length - 1] + c);
  const next = starts.slice(0, -1);
  const members = new Int32Array(results.length);
  for (let i = 0; i < results.length; i++) members[next[cellOf[i]]++] = i;
  return { members, starts };
}

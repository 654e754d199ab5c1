// Score rows with stratified bootstrap CIs, built from per-(split, category) cell resample means
// so one pass of n x R draws per metric serves every row.
import {
  CATEGORIES,
  CATEGORY_CODES,
  LEXICAL_METRICS,
  MAIN_TYPES,
  SPLITS,
  type CategoryCode,
  type MainType,
  type Metric,
  type Split,
  type SplitOrOverall,
} from "./types";
import { bootstrapMeansMulti, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval, seedFor } from "./bootstrap";
import { groupBy } from "./group-by";

export type ScoreRow = {
  split: SplitOrOverall;
  scope: "ALL" | CategoryCode | MainType;
  metric: Metric;
  aggregate: "micro" | "macro";
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  /** The denominator: questions with a value. */
  n: number;
  /** Questions whose value was null (e.g. judge failed): left out of the mean. */
  excluded?: number;
};
export type QuestionResult = {
  split: Split;
  category: CategoryCode;
  qid: string | null;
  metrics: Partial<Record<Metric, number | null>>;
};
export type AggregateOptions = { resamples?: number; seed?: number };

const METRIC_ORDER: Metric[] = [...LEXICAL_METRICS, "judge"];

type Cell = { split: Split; category: CategoryCode; n: number; sum: number; excluded: number; boot: Float64Array };

const SCOPES: ReadonlyArray<readonly [ScoreRow["scope"], ReadonlySet<CategoryCode>]> = [
  ["ALL", new Set(CATEGORY_CODES)],
  ...MAIN_TYPES.map((t) => [t, new Set(CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === t))] as const),
  ...CATEGORY_CODES.map((c) => [c, new Set([c])] as const),
];

export function aggregateScores(results: QuestionResult[], opts: AggregateOptions = {}): ScoreRow[] {
  return aggregateWithDists(results, opts).map((d) => d.row);
}

/** Each row with its bootstrap distribution (the run-aware bootstrap, runs.ts, averages these over runs). */
export type RowDist = { row: ScoreRow; dist: Float64Array };

export function aggregateWithDists(results: QuestionResult[], opts: AggregateOptions = {}): RowDist[] {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const metrics = METRIC_ORDER.filter((m) => results.some((r) => m in r.metrics));
  const splits: SplitOrOverall[] = SPLITS.filter((s) => results.some((r) => r.split === s));
  if (splits.length > 0) splits.push("overall");
  const cellsByMetric = buildCells(results, metrics, resamples, seed);
  const rows: RowDist[] = [];
  for (const metric of metrics) {
    const cells = cellsByMetric.get(metric)!;
    for (const split of splits) {
      const inSplit = split === "overall" ? cells : cells.filter((c) => c.split === split);
      for (const [scope, cats] of SCOPES)
        rows.push(
          ...rowsFor(
            split,
            scope,
            metric,
            inSplit.filter((c) => cats.has(c.category)),
            resamples,
          ),
        );
    }
  }
  return rows;
}

/** micro: pooled mean of the questions; macro: mean of the category means. */
function rowsFor(
  split: SplitOrOverall,
  scope: ScoreRow["scope"],
  metric: Metric,
  cells: Cell[],
  resamples: number,
): RowDist[] {
  const n = cells.reduce((a, c) => a + c.n, 0);
  const excluded = cells.reduce((a, c) => a + c.excluded, 0);
  if (n === 0) return [];
  const base = { split, scope, metric, n, ...(excluded > 0 || metric === "judge" ? { excluded } : {}) };
  const live = cells.filter((c) => c.n > 0);
  // The categories in order of their first cell, as the macro mean adds them.
  const byCategory = groupBy(live, (c) => c.category);
  let macro = 0;
  const macroDist = new Float64Array(resamples > 0 ? resamples : 0);
  for (const group of byCategory.values()) {
    const nc = group.reduce((a, c) => a + c.n, 0);
    macro += group.reduce((a, c) => a + c.sum, 0) / nc;
    const dist = pooled(group, resamples, nc);
    for (let b = 0; b < macroDist.length; b++) macroDist[b] += dist[b];
  }
  macro /= byCategory.size;
  for (let b = 0; b < macroDist.length; b++) macroDist[b] /= byCategory.size;
  const withCi = (row: Omit<ScoreRow, "ciLow" | "ciHigh">, dist: Float64Array): RowDist => {
    const { low, high } = percentileInterval(dist);
    return { row: { ...row, ciLow: low, ciHigh: high }, dist };
  };
  return [
    withCi({ ...base, aggregate: "micro", value: live.reduce((a, c) => a + c.sum, 0) / n }, pooled(live, resamples, n)),
    withCi({ ...base, aggregate: "macro", value: macro }, macroDist),
  ];
}

/** The n-weighted mean of cell resample means, divided last so 1s stay 1. */
function pooled(cells: Cell[], resamples: number, total: number): Float64Array {
  const out = new Float64Array(resamples > 0 ? resamples : 0);
  for (const c of cells) for (let b = 0; b < out.length; b++) out[b] += c.n * c.boot[b];
  for (let b = 0; b < out.length; b++) out[b] /= total;
  return out;
}

/** Metrics without nulls share the cell's resample stream; one with nulls draws its own. */
function buildCells(
  results: QuestionResult[],
  metrics: Metric[],
  resamples: number,
  seed: number,
): Map<Metric, Cell[]> {
  const groups = groupBy(results, (r) => `${r.split}|${r.category}`);
  const out = new Map<Metric, Cell[]>(metrics.map((m) => [m, []]));
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
      const cell: Cell = {
        split,
        category,
        n: values.length,
        sum: values.reduce((a, b) => a + b, 0),
        excluded,
        boot: new Float64Array(0),
      };
      out.get(metric)!.push(cell);
      if (excluded === 0 && absent === 0) full.push({ cell, values });
      else [cell.boot] = bootstrapMeansMulti([values], resamples, seedFor(seed, `${key}|${metric}`));
    }
    const dists = bootstrapMeansMulti(
      full.map((f) => f.values),
      resamples,
      seedFor(seed, key),
    );
    full.forEach((f, c) => (f.cell.boot = dists[c]));
  }
  return out;
}

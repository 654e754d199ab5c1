// The score rows as lib/scoring/aggregate.ts computed them before its single-pass rewrite (2026-12-02),
// kept verbatim as the oracle of aggregate.test.ts: the rewrite must give the same
// numbers to the last bit (same additions in the same order), only with less work.
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
} from "../../../lib/scoring/types";
import {
  bootstrapMeansMulti,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  percentileInterval,
  seedFor,
} from "../../../lib/scoring/bootstrap";
import type { QuestionResult, ScoreRow as Row } from "../../../lib/scoring/aggregate";

type ScoreRow = Row;
type AggregateOptions = { resamples?: number; seed?: number };
/** Resample means of several cells (each one bootstrapMeansMulti call): one job per stream. */
type BootstrapJob = { columns: number[][]; resamples: number; seed: number };

const METRIC_ORDER: Metric[] = [...LEXICAL_METRICS, "judge"];

type Cell = { split: Split; category: CategoryCode; n: number; sum: number; excluded: number; boot: Float64Array };

export function referenceAggregateScores(results: QuestionResult[], opts: AggregateOptions = {}): ScoreRow[] {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const metrics = METRIC_ORDER.filter((m) => results.some((r) => m in r.metrics));
  const splitsPresent = SPLITS.filter((s) => results.some((r) => r.split === s));
  const cellsByMetric = buildCells(results, metrics, resamples, seed);
  const rows: ScoreRow[] = [];
  for (const metric of metrics) {
    const cells = cellsByMetric.get(metric)!;
    for (const split of [...splitsPresent, ...(splitsPresent.length > 0 ? (["overall"] as const) : [])]) {
      const inSplit = cells.filter((c) => split === "overall" || c.split === split);
      const scopes: Array<[ScoreRow["scope"], CategoryCode[]]> = [
        ["ALL", [...CATEGORY_CODES]],
        ...MAIN_TYPES.map((t): [MainType, CategoryCode[]] => [
          t,
          CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === t),
        ]),
        ...CATEGORY_CODES.map((c): [CategoryCode, CategoryCode[]] => [c, [c]]),
      ];
      for (const [scope, cats] of scopes) {
        const chosen = inSplit.filter((c) => cats.includes(c.category));
        rows.push(...rowsFor(split, scope, metric, chosen, resamples));
      }
    }
  }
  return rows;
}

/**
 * One cell per (split, category) and metric. Within a cell, all metrics without nulls share one
 * resample index stream (seeded by the cell); a metric with nulls (judge failures) resamples its
 * own non-null values with a stream seeded by cell and metric.
 */
function buildCells(
  results: QuestionResult[],
  metrics: Metric[],
  resamples: number,
  seed: number,
): Map<Metric, Cell[]> {
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
  jobs
    .map((j) => bootstrapMeansMulti(j.columns, j.resamples, j.seed))
    .forEach((dists, j) => targets[j].forEach((cell, c) => (cell.boot = dists[c])));
  return out;
}

function rowsFor(
  split: SplitOrOverall,
  scope: ScoreRow["scope"],
  metric: Metric,
  cells: Cell[],
  resamples: number,
): ScoreRow[] {
  const n = cells.reduce((a, c) => a + c.n, 0);
  const excluded = cells.reduce((a, c) => a + c.excluded, 0);
  if (n === 0) return [];
  const base = { split, scope, metric, n, ...(excluded > 0 || metric === "judge" ? { excluded } : {}) };
  const live = cells.filter((c) => c.n > 0);

  // micro: pooled mean of the questions; resample = n-weighted mean of the cell resample means.
  const micro = live.reduce((a, c) => a + c.sum, 0) / n;
  const microDist = combine(live, resamples, n);

  // macro: mean of the category means, each category pooling its cells of this split.
  const byCategory = new Map<CategoryCode, Cell[]>();
  for (const c of live) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  const k = byCategory.size;
  let macro = 0;
  const macroDist = new Float64Array(resamples > 0 ? resamples : 0);
  for (const group of byCategory.values()) {
    const nc = group.reduce((a, c) => a + c.n, 0);
    macro += group.reduce((a, c) => a + c.sum, 0) / nc;
    const dist = combine(group, resamples, nc);
    for (let b = 0; b < macroDist.length; b++) macroDist[b] += dist[b];
  }
  macro /= k;
  for (let b = 0; b < macroDist.length; b++) macroDist[b] /= k;
  const ci = (dist: Float64Array) => {
    const { low, high } = percentileInterval(dist);
    return { ciLow: low, ciHigh: high };
  };
  return [
    { ...base, aggregate: "micro", value: micro, ...ci(microDist) },
    { ...base, aggregate: "macro", value: macro, ...ci(macroDist) },
  ];
}

/** n-weighted mean of cell resample means: sum(n_c * mean_c) / total (divide last, so 1s stay 1). */
function combine(cells: Cell[], resamples: number, total: number): Float64Array {
  const out = new Float64Array(resamples > 0 ? resamples : 0);
  for (const c of cells) for (let b = 0; b < out.length; b++) out[b] += c.n * c.boot[b];
  for (let b = 0; b < out.length; b++) out[b] /= total;
  return out;
}

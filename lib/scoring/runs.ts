// Replicate runs of one entry (docs/SCORING.md §9d): run means, run-to-run spread, flip rate, and the
// item x run bootstrap, which resamples questions and runs together so noisy runs widen the intervals.
import { aggregateWithDists, type AggregateOptions, type QuestionResult, type ScoreRow } from "./aggregate";
import { DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval, seedFor } from "./bootstrap";
import { drawIndex, mulberry32 } from "./prng";

/** A row's value is the mean over runs; `runSd` the runs' sample standard deviation (null for one run). */
export type RunScoreRow = ScoreRow & { runSd: number | null };
export type RunAggregate = { runs: number; flipRate: number | null; rows: RunScoreRow[] };

const rowKey = (r: ScoreRow) => `${r.split}|${r.scope}|${r.metric}|${r.aggregate}`;

/**
 * Every run is aggregated with the same seed, so the same questions are drawn for every run of a resample
 * (runs list their questions in the same order); each resample then draws k runs with replacement from
 * its own stream and averages the drawn runs' resample means. One run gives aggregateScores' rows exactly.
 */
export function aggregateRuns(runs: QuestionResult[][], opts: AggregateOptions = {}): RunAggregate {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const k = runs.length;
  if (k === 0) return { runs: 0, flipRate: null, rows: [] };
  const perRun = runs.map((r) => new Map(aggregateWithDists(r, { resamples, seed }).map((d) => [rowKey(d.row), d])));
  const next = mulberry32(seedFor(seed, "runs"));
  const drawn = new Uint32Array(resamples * k);
  for (let i = 0; i < drawn.length; i++) drawn[i] = drawIndex(next(), k);
  const rows: RunScoreRow[] = [];
  for (const [key, first] of perRun[0]!) {
    const all = perRun.map((m) => m.get(key));
    if (all.some((d) => d === undefined)) continue; // a row only some runs have is not a run mean
    const ds = all as NonNullable<(typeof all)[number]>[];
    const values = ds.map((d) => d.row.value);
    const dist = new Float64Array(first.dist.length);
    for (let b = 0; b < dist.length; b++) {
      let sum = 0;
      for (let j = 0; j < k; j++) sum += ds[drawn[b * k + j]!]!.dist[b]!;
      dist[b] = sum / k;
    }
    const { low, high } = percentileInterval(dist);
    rows.push({ ...first.row, value: mean(values), ciLow: low, ciHigh: high, runSd: sampleSd(values) });
  }
  return { runs: k, flipRate: flipRate(runs), rows };
}

/**
 * The share of questions (those every run scored, matched by position) whose F1 or, where every run was
 * judged, judge score is not the same in every run; null for fewer than two runs.
 */
export function flipRate(runs: QuestionResult[][]): number | null {
  if (runs.length < 2) return null;
  const n = Math.min(...runs.map((r) => r.length));
  if (n === 0) return null;
  let flips = 0;
  for (let i = 0; i < n; i++) {
    const differs = (metric: "f1" | "judge") => {
      const vs = runs.map((r) => r[i]!.metrics[metric]);
      if (vs.some((v) => v === null || v === undefined)) return false;
      return vs.some((v) => Math.abs(v! - vs[0]!) > 1e-9);
    };
    if (differs("f1") || differs("judge")) flips++;
  }
  return flips / n;
}

/** The questions every run has (by key), in key order, so the bootstrap draws the same questions in every run. */
export function alignRuns(runs: Array<Map<string, QuestionResult>>): QuestionResult[][] {
  if (runs.length === 0) return [];
  const keys = [...runs[0]!.keys()].filter((k) => runs.every((r) => r.has(k))).sort();
  return runs.map((r) => keys.map((k) => r.get(k)!));
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

export function sampleSd(v: number[]): number | null {
  if (v.length < 2) return null;
  const m = mean(v);
  return Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1));
}

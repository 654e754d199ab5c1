import { describe, expect, it } from "vitest";
import { aggregateScores, type QuestionResult } from "../../../lib/scoring/aggregate";
import { aggregateRuns, flipRate, sampleSd } from "../../../lib/scoring/runs";
import { rankWithTies } from "../../../lib/scoring/ranking";
import { seedFor } from "../../../lib/scoring/bootstrap";
import { drawIndex, mulberry32 } from "../../../lib/scoring/prng";

const q = (f1: number, judge?: number | null): QuestionResult => ({
  split: "dyadic",
  category: "UPR",
  qid: null,
  metrics: judge === undefined ? { f1 } : { f1, judge },
});
const run = (f1s: number[], judges?: Array<number | null>) => f1s.map((f, i) => q(f, judges?.[i]));
const headline = <R extends { split: string; scope: string; metric: string; aggregate: string }>(
  rows: R[],
  metric = "f1",
) => rows.find((r) => r.split === "overall" && r.scope === "ALL" && r.metric === metric && r.aggregate === "micro")!;

/** The definition, written out: per resample draw k runs, draw n questions, average the drawn runs' means. */
function referenceItemByRun(runs: number[][], resamples: number, seed: number): [number, number] {
  const k = runs.length;
  const n = runs[0]!.length;
  const runStream = mulberry32(seedFor(seed, "runs"));
  const itemStream = mulberry32(seedFor(seed, "dyadic|UPR"));
  const runDraws = Array.from({ length: resamples * k }, () => drawIndex(runStream(), k));
  const dist: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const items = Array.from({ length: n }, () => drawIndex(itemStream(), n));
    let total = 0;
    for (let j = 0; j < k; j++) total += items.reduce((s, i) => s + runs[runDraws[b * k + j]!]![i]!, 0) / n;
    dist.push(total / k);
  }
  dist.sort((a, b) => a - b);
  const at = (p: number) => {
    const h = (dist.length - 1) * p;
    const lo = Math.floor(h);
    return dist[lo]! + (h - lo) * (dist[Math.min(lo + 1, dist.length - 1)]! - dist[lo]!);
  };
  return [at(0.025), at(0.975)];
}

describe("aggregateRuns", () => {
  it("means, run standard deviation and flip rate match hand-computed values", () => {
    // Three runs of four questions. F1 means 0.5, 0.75, 0.25 -> mean 0.5, sd 0.25.
    const runs = [run([1, 0, 1, 0], [1, 0, 1, 0]), run([1, 1, 1, 0], [1, 0, 1, 0]), run([1, 0, 0, 0], [1, 0, 1, 1])];
    const agg = aggregateRuns(runs, { resamples: 200, seed: 3 });
    expect(agg.runs).toBe(3);
    const f1 = headline(agg.rows);
    expect(f1.value).toBeCloseTo(0.5, 12);
    expect(f1.runSd).toBeCloseTo(0.25, 12);
    // judge means 0.5, 0.5, 0.75: mean 7/12, sd sqrt(((1/12)^2*2 + (1/6)^2)/2) = sqrt(1/48)
    const judge = headline(agg.rows, "judge");
    expect(judge.value).toBeCloseTo(7 / 12, 12);
    expect(judge.runSd).toBeCloseTo(Math.sqrt(1 / 48), 12);
    // q0: same everywhere; q1: F1 differs; q2: F1 differs; q3: judge differs -> 3 of 4
    expect(agg.flipRate).toBeCloseTo(0.75, 12);
    expect(sampleSd([1])).toBeNull();
  });

  it("a null judge score does not count as a flip; one run has no flip rate", () => {
    expect(flipRate([run([1, 0], [1, null]), run([1, 0], [1, 0.5])])).toBe(0);
    expect(flipRate([run([1, 0])])).toBeNull();
  });

  it("one run gives aggregateScores' rows exactly, with runSd null", () => {
    const one = run([1, 0, 0.5, 0.25, 1, 0.75], [1, 0, 1, 0, 1, 1]);
    const agg = aggregateRuns([one], { resamples: 300, seed: 11 });
    expect(agg.flipRate).toBeNull();
    expect(agg.rows.map(({ runSd, ...r }) => (expect(runSd).toBeNull(), r))).toEqual(
      aggregateScores(one, { resamples: 300, seed: 11 }),
    );
  });

  it("the item x run interval equals a reference implementation of the resampling (seeded)", () => {
    const runs = [
      [0.9, 0.1, 0.5, 0.7, 0.3, 1, 0, 0.6],
      [0.8, 0.2, 0.4, 0.9, 0.3, 1, 0.1, 0.5],
      [0.4, 0.1, 0.2, 0.6, 0.2, 0.7, 0, 0.3],
    ];
    const agg = aggregateRuns(
      runs.map((r) => run(r)),
      { resamples: 500, seed: 42 },
    );
    const [low, high] = referenceItemByRun(runs, 500, 42);
    const f1 = headline(agg.rows);
    expect(f1.ciLow).toBeCloseTo(low, 12);
    expect(f1.ciHigh).toBeCloseTo(high, 12);
  });

  it("noisy runs widen the interval until two entries tie; identical runs do not", () => {
    const base = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 0.72 : 0.68)); // mean 0.70
    const shift = (d: number) => run(base.map((v) => v + d));
    const other = aggregateRuns([run(base.map((v) => v - 0.1))], { resamples: 1000, seed: 1 }); // mean 0.60
    const quiet = aggregateRuns([shift(0), shift(0), shift(0)], { resamples: 1000, seed: 1 });
    const noisy = aggregateRuns([shift(0.15), shift(0), shift(-0.15)], { resamples: 1000, seed: 1 });
    expect(headline(noisy.rows).value).toBeCloseTo(headline(quiet.rows).value, 12);
    const rank = (a: typeof quiet) =>
      rankWithTies([
        { id: "a", ...headline(a.rows) },
        { id: "b", ...headline(other.rows) },
      ]);
    expect(rank(quiet).map((r) => r.tied)).toEqual([false, false]);
    expect(rank(noisy).map((r) => [r.id, r.rank, r.tied])).toEqual([
      ["a", 1, true],
      ["b", 1, true],
    ]);
    expect(headline(noisy.rows).runSd).toBeCloseTo(0.15, 12);
  });
});

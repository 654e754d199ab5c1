import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { aggregateScores, type QuestionResult, type ScoreRow } from "../../../lib/scoring/aggregate";
import { CATEGORY_CODES, SPLITS, type CategoryCode, type Split } from "../../../lib/scoring/types";
import { referenceAggregateScores } from "./aggregate-reference";

const r = (split: Split, category: CategoryCode, f1: number, judge?: number | null): QuestionResult => ({
  split,
  category,
  qid: null,
  metrics: judge === undefined ? { f1 } : { f1, judge },
});
// dyadic: UPR [1, 0], CRR [0.2]; multi-party: UPR [0.25], AR [1, 1, 0]
const results = [
  r("dyadic", "UPR", 1, 1),
  r("dyadic", "UPR", 0, null),
  r("dyadic", "CRR", 0.2, 0.5),
  r("multi-party", "UPR", 0.25, 0.25),
  r("multi-party", "AR", 1, 1),
  r("multi-party", "AR", 1, null),
  r("multi-party", "AR", 0, 0),
];
const pick = (rows: ScoreRow[], split: string, scope: string, metric: string, aggregate: string) =>
  rows.find((x) => x.split === split && x.scope === scope && x.metric === metric && x.aggregate === aggregate);

describe("aggregateScores", () => {
  const rows = aggregateScores(results, { resamples: 200, seed: 7 });

  it("computes micro and macro per split and overall (hand-computed)", () => {
    const v = (split: string, scope: string, agg: string) => pick(rows, split, scope, "f1", agg)!.value;
    expect(v("dyadic", "ALL", "micro")).toBeCloseTo(1.2 / 3, 12);
    expect(v("dyadic", "ALL", "macro")).toBeCloseTo((0.5 + 0.2) / 2, 12);
    expect(v("multi-party", "ALL", "micro")).toBeCloseTo(2.25 / 4, 12);
    expect(v("multi-party", "ALL", "macro")).toBeCloseTo((0.25 + 2 / 3) / 2, 12);
    expect(v("overall", "ALL", "micro")).toBeCloseTo(3.45 / 7, 12);
    // overall macro: UPR pools both splits [1, 0, 0.25]
    expect(v("overall", "ALL", "macro")).toBeCloseTo((1.25 / 3 + 0.2 + 2 / 3) / 3, 12);
    expect(v("overall", "RECALL", "micro")).toBeCloseTo(1.45 / 4, 12);
    expect(v("overall", "RECALL", "macro")).toBeCloseTo((1.25 / 3 + 0.2) / 2, 12);
    expect(v("overall", "APPLICATION", "micro")).toBeCloseTo(2 / 3, 12);
    expect(v("overall", "UPR", "micro")).toBeCloseTo(1.25 / 3, 12);
    expect(pick(rows, "overall", "ALL", "f1", "micro")!.n).toBe(7);
    expect(pick(rows, "dyadic", "RECALL", "f1", "micro")!.n).toBe(3);
    // scopes without questions get no row
    expect(pick(rows, "dyadic", "AR", "f1", "micro")).toBeUndefined();
    expect(pick(rows, "dyadic", "REASONING", "f1", "micro")).toBeUndefined();
  });

  it("excludes null judge values and counts them", () => {
    const all = pick(rows, "overall", "ALL", "judge", "micro")!;
    expect(all.n).toBe(5);
    expect(all.excluded).toBe(2);
    expect(all.value).toBeCloseTo((1 + 0.5 + 0.25 + 1 + 0) / 5, 12);
    expect(pick(rows, "dyadic", "UPR", "judge", "micro")).toMatchObject({ n: 1, excluded: 1, value: 1 });
    expect(pick(rows, "overall", "ALL", "f1", "micro")!.excluded).toBeUndefined();
  });

  it("gives CIs that contain the estimate; a single-value cell has a zero-width CI", () => {
    for (const row of rows) {
      expect(row.ciLow!).toBeLessThanOrEqual(row.value + 1e-12);
      expect(row.ciHigh!).toBeGreaterThanOrEqual(row.value - 1e-12);
    }
    expect(pick(rows, "dyadic", "CRR", "f1", "micro")).toMatchObject({ value: 0.2, ciLow: 0.2, ciHigh: 0.2 });
    expect(aggregateScores(results, { resamples: 0 }).every((x) => x.ciLow === null && x.ciHigh === null)).toBe(true);
  });

  it("is deterministic for a seed and changes with the seed", () => {
    expect(aggregateScores(results, { resamples: 200, seed: 7 })).toEqual(rows);
    const varied = Array.from({ length: 60 }, (_, i) =>
      r(i % 2 ? "dyadic" : "multi-party", i % 3 ? "UPR" : "AR", ((i * 37) % 101) / 100),
    );
    const a = aggregateScores(varied, { seed: 7 });
    const b = aggregateScores(varied, { seed: 8 });
    expect(b.map((x) => x.value)).toEqual(a.map((x) => x.value));
    expect(b.map((x) => x.ciLow)).not.toEqual(a.map((x) => x.ciLow));
  });

  it("gives a CI of the expected width (binomial mean, n = 2000)", () => {
    const many = Array.from({ length: 2000 }, (_, i) => r("dyadic", "UPR", i % 2));
    const row = pick(aggregateScores(many), "dyadic", "ALL", "f1", "micro")!;
    const width = row.ciHigh! - row.ciLow!;
    expect(width).toBeGreaterThan(0.035); // normal theory: 2 * 1.96 * sqrt(0.25 / 2000) = 0.0438
    expect(width).toBeLessThan(0.053);
  });

  it("bootstraps 2,236 questions x 1,000 resamples x 5 metrics well under a second of CPU", () => {
    const cats: CategoryCode[] = ["UPR", "CRR", "KR", "TR", "MCR", "RET", "TTL", "CD", "AR"];
    const big = Array.from({ length: 2236 }, (_, i): QuestionResult => ({
      split: i < 2046 ? "dyadic" : "multi-party",
      category: cats[i % 9],
      qid: null,
      metrics: {
        precision: (i % 7) / 7,
        recall: (i % 5) / 5,
        f1: (i % 3) / 3,
        bleu1: (i % 11) / 11,
        judge: i % 13 === 0 ? null : (i % 4) / 4,
      },
    }));
    aggregateScores(big.slice(0, 100)); // warm-up (JIT)
    const before = process.cpuUsage();
    const out = aggregateScores(big);
    const cpu = process.cpuUsage(before);
    expect(out.length).toBe(5 * 3 * 13 * 2);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(800);
  }, 60_000);

  it("gives the reference procedure's rows to the last bit (same keys in the same order, Object.is numbers)", () => {
    const value = fc.oneof(fc.constantFrom(0, 1, 0.5, 1 / 3), fc.double({ min: 0, max: 1, noNaN: true }));
    const judge = fc.option(fc.oneof(value, fc.constant(null), fc.constant(Number.NaN)), { nil: undefined });
    const result = fc.record({
      split: fc.constantFrom(...SPLITS),
      category: fc.constantFrom(...CATEGORY_CODES),
      lexical: fc.boolean(),
      f1: value,
      bleu1: value,
      judge,
    });
    fc.assert(
      fc.property(
        fc.array(result, { maxLength: 80 }),
        fc.constantFrom(0, 1, 2, 7, 64),
        fc.nat(),
        (raw, resamples, seed) => {
          const results = raw.map((r): QuestionResult => ({
            split: r.split,
            category: r.category,
            qid: null,
            metrics: {
              ...(r.lexical ? { f1: r.f1, bleu1: r.bleu1 } : {}),
              ...(r.judge === undefined ? {} : { judge: r.judge }),
            },
          }));
          expectSameRows(
            aggregateScores(results, { resamples, seed }),
            referenceAggregateScores(results, { resamples, seed }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the reference rows for a full-size submission (2,236 questions, 9 categories, both splits, 1,000 resamples)", () => {
    const big = fullSize();
    expectSameRows(aggregateScores(big), referenceAggregateScores(big));
  });
});

/** 2,236 questions, both splits, every category, lexical metrics and a judge with failures. */
function fullSize(): QuestionResult[] {
  return Array.from({ length: 2236 }, (_, i): QuestionResult => ({
    split: i % 11 < 9 ? "dyadic" : "multi-party",
    category: CATEGORY_CODES[(i * 7) % 9],
    qid: null,
    metrics: {
      precision: ((i * 13) % 17) / 17,
      recall: ((i * 5) % 23) / 23,
      f1: Math.sqrt(i % 29) / 6,
      bleu1: ((i * 3) % 31) / 31,
      judge: i % 19 === 0 ? null : (i % 4) / 4,
    },
  }));
}

function expectSameRows(actual: ScoreRow[], expected: ScoreRow[]): void {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected)); // keys in the same order
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    for (const key of Object.keys(expected[i]) as Array<keyof ScoreRow>)
      if (!Object.is(row[key], expected[i][key])) expect.fail(`row ${i} ${key}: ${row[key]} vs ${expected[i][key]}`);
  });
}

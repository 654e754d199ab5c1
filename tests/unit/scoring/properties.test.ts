// Property tests across modules: the validator never throws on arbitrary input, and aggregates
// equal their textbook definitions on random data.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parsePredictionFile } from "../../../lib/scoring/validate";
import { aggregateScores, type QuestionResult } from "../../../lib/scoring/aggregate";
import { CATEGORY_CODES, SPLITS } from "../../../lib/scoring/types";

const opts = { file: "f.json", split: "dyadic" as const };

describe("properties", () => {
  it("parsePredictionFile never throws and always explains a rejection", () => {
    const arbitraryJson = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));
    const nearMiss = fc
      .array(
        fc.record(
          {
            question_text: fc.oneof(fc.string(), fc.integer()),
            system_answer: fc.string(),
            original_answer: fc.string(),
            category: fc.constantFrom("UPR", "Memory Recall", "mcr", ""),
          },
          { requiredKeys: [] },
        ),
      )
      .map((p) => JSON.stringify({ predictions: p }));
    fc.assert(
      fc.property(fc.oneof(fc.string(), arbitraryJson, nearMiss, fc.uint8Array({ maxLength: 200 })), (input) => {
        const out = parsePredictionFile(input, opts);
        expect(out.ok).toBe(!out.issues.some((i) => i.severity === "error"));
        if (!out.ok) expect(out.items).toEqual([]);
        for (const issue of out.issues) expect(issue.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it("micro is the plain mean and macro the mean of category means, per split and overall", () => {
    const result = fc.record({
      split: fc.constantFrom(...SPLITS),
      category: fc.constantFrom(...CATEGORY_CODES),
      value: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(result, { minLength: 1, maxLength: 60 }), (raw) => {
        const results: QuestionResult[] = raw.map((r) => ({
          split: r.split,
          category: r.category,
          qid: null,
          metrics: { f1: r.value },
        }));
        const rows = aggregateScores(results, { resamples: 20 });
        const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
        for (const split of [...SPLITS, "overall" as const]) {
          const mine = raw.filter((r) => split === "overall" || r.split === split);
          const micro = rows.find((r) => r.split === split && r.scope === "ALL" && r.aggregate === "micro");
          const macro = rows.find((r) => r.split === split && r.scope === "ALL" && r.aggregate === "macro");
          if (mine.length === 0) {
            expect(micro).toBeUndefined();
            continue;
          }
          expect(micro!.n).toBe(mine.length);
          expect(micro!.value).toBeCloseTo(mean(mine.map((r) => r.value)), 10);
          const cats = [...new Set(mine.map((r) => r.category))];
          expect(macro!.value).toBeCloseTo(
            mean(cats.map((c) => mean(mine.filter((r) => r.category === c).map((r) => r.value)))),
            10,
          );
        }
      }),
      { numRuns: 100 },
    );
  });
});

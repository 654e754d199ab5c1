import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { scoreSubmission, type PerQuestion, type ScoreInput } from "../../../lib/scoring/score-submission";
import { scoreSubmissionCompact } from "../../../lib/scoring/score-submission-compact";
import { parsePredictionFile } from "../../../lib/scoring/validate-file";
import type { ReferenceQuestion } from "../../../lib/scoring/answer-key";
import { CATEGORY_CODES, type PredictionItem } from "../../../lib/scoring/types";
import { CATEGORIES } from "../../../lib/scoring/categories";

const names = CATEGORY_CODES.map((c) => CATEGORIES[c].name);
const words = ["lake", "verrin", "rye", "flour", "saturday", "fair", "boot", "not", "mentioned", "the", "a", "blue"];
// Deterministic mixed input: every category in both splits, in an order where strata first appear
// interleaved (that order fixes the float summation order the rows must reproduce).
function items(n: number, salt: number): PredictionItem[] {
  return Array.from({ length: n }, (_, i) => {
    const pick = (k: number) => Array.from({ length: 1 + ((i * 7 + k + salt) % 6) }, (_, j) => words[(i * 31 + j * 17 + k + salt) % words.length]).join(" ");
    return { question_text: `Q${i % 40}?`, question_image: "", system_answer: pick(1), original_answer: pick(2), category: names[(i * 5 + salt) % names.length] };
  });
}
const key: ReferenceQuestion[] = Array.from({ length: 60 }, (_, i) => {
  const split = i % 2 === 0 ? "dyadic" : "multi-party";
  const category = CATEGORY_CODES[i % CATEGORY_CODES.length];
  return { qid: `${split}/dialogue1/session1/${i}`, split, dialogue: 1, session: 1, index: i, questionText: `Q${i % 40}?`, questionImage: "", category, mainType: CATEGORIES[category].mainType, difficulty: "medium", answer: words[i % words.length] };
});

function same(input: ScoreInput): void {
  const full = scoreSubmission(input);
  const seen: PerQuestion[] = [];
  const compact = scoreSubmissionCompact(input, (p) => seen.push(p));
  // Bit-identical: the serialisation of every float, null and field order must match.
  expect(JSON.stringify(compact.rows)).toBe(JSON.stringify(full.rows));
  for (let i = 0; i < full.rows.length; i++) {
    expect(Object.is(compact.rows[i].value, full.rows[i].value)).toBe(true);
    expect(Object.is(compact.rows[i].ciLow, full.rows[i].ciLow)).toBe(true);
  }
  expect(compact.issues).toEqual(full.issues);
  expect(compact.scorerVersion).toBe(full.scorerVersion);
  expect(seen).toEqual(full.perQuestion);
  for (const split of ["dyadic", "multi-party"] as const) {
    const pq = full.perQuestion.filter((p) => p.split === split);
    const predicted = pq.filter((p) => p.index !== null);
    expect(compact.counts[split]).toEqual({
      predictions: predicted.length,
      matched: predicted.filter((p) => p.qid !== null).length,
      unmatched: predicted.filter((p) => !p.counted).length,
      unanswered: pq.filter((p) => p.index === null).length,
      answerDiffers: predicted.filter((p) => p.answerDiffers).length,
    });
  }
}

describe("scoreSubmissionCompact", () => {
  it("gives the same rows, issues and per-question stream as scoreSubmission without a key", () => {
    same({ files: { dyadic: items(300, 0), "multi-party": items(170, 3) }, resamples: 200, seed: 7 });
  });

  it("gives the same rows, issues and counts with a key (unmatched, duplicates, unanswered)", () => {
    same({ files: { dyadic: items(90, 1) }, answerKey: key, resamples: 100 });
    const out = scoreSubmissionCompact({ files: { dyadic: items(90, 1) }, answerKey: key, resamples: 10 });
    expect(out.counts["multi-party"].unanswered).toBe(30);
    expect(out.counts.dyadic.unmatched).toBeGreaterThan(0);
  });

  it("matches scoreSubmission on the committed sample prediction files, with and without resamples", () => {
    const dir = path.join(__dirname, "../../fixtures/predictions/good");
    const files: ScoreInput["files"] = {};
    for (const [split, name] of [["dyadic", "prediction_dyadic.json"], ["multi-party", "prediction_multiparty.json"]] as const) {
      const parsed = parsePredictionFile(readFileSync(path.join(dir, name)), { file: name, split }).items;
      expect(parsed.length).toBeGreaterThan(0);
      files[split] = parsed;
    }
    same({ files, resamples: 0 });
    same({ files, resamples: 300, seed: 1 });
  });
});

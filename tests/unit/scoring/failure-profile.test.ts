import { describe, expect, it } from "vitest";
import path from "node:path";
import { failureProfileFromRows, failureProfileRows, type ProfileQuestion } from "../../../lib/scoring/failure-profile";
import { scoreSubmission } from "../../../lib/scoring/score-submission";
import { loadAnswerKeyDir } from "../../../lib/server/answer-key/dataset-folder";
import { CATEGORY_CODES, type PredictionItem, type Split } from "../../../lib/scoring/types";

const DATASET = path.resolve(__dirname, "../../../prisma/seed-data/dataset");
const key = loadAnswerKeyDir(DATASET).questions;

function profileOf(answer: (q: (typeof key)[number]) => string) {
  const files: Partial<Record<Split, PredictionItem[]>> = {};
  for (const q of key)
    (files[q.split] ??= []).push({
      question_text: q.questionText,
      question_image: q.questionImage,
      system_answer: answer(q),
      original_answer: q.answer,
      category: q.category,
    });
  const out = scoreSubmission({ files, answerKey: key, resamples: 20 });
  return failureProfileFromRows(failureProfileRows(out.perQuestion))!;
}

describe("failure profile on the synthetic key", () => {
  const arCount = key.filter((q) => q.category === "AR").length;

  it("an always-refuse entry: refusal rate 1, over-refusal 1, missed refusals 0", () => {
    const p = profileOf(() => "Not mentioned.");
    expect(p).toMatchObject({ refusalRate: 1, overRefusalRate: 1, missedRefusalRate: 0, emptyRate: 0 });
    // "Not mentioned." is two tokens of the lexical tokenizer (it drops punctuation), for every answer.
    expect(p.answerTokens).toEqual({ median: 2, p90: 2 });
    expect(Object.keys(p.byCategory)).toEqual([...CATEGORY_CODES]);
    for (const c of CATEGORY_CODES) expect(p.byCategory[c]!.refusalRate).toBe(1);
    expect(p.byCategory.AR!.n).toBe(arCount);
    expect(Object.values(p.byCategory).reduce((s, c) => s + c.n, 0)).toBe(key.length);
  });

  it("a perfect entry: refuses exactly the AR questions, no gap", () => {
    const p = profileOf((q) => q.answer);
    expect(p.refusalRate).toBeCloseTo(arCount / key.length, 12);
    expect(p).toMatchObject({ missedRefusalRate: 0, overRefusalRate: 0, emptyRate: 0 });
    for (const c of CATEGORY_CODES) expect(p.byCategory[c]!.recallPrecisionGap).toBe(0);
  });

  it("an entry that answers AR questions and leaves the rest empty: missed 1, empty on the others", () => {
    const p = profileOf((q) => (q.category === "AR" ? "O negative" : ""));
    expect(p).toMatchObject({ refusalRate: 0, missedRefusalRate: 1, overRefusalRate: 0 });
    expect(p.emptyRate).toBeCloseTo((key.length - arCount) / key.length, 12);
    expect(p.answerTokens).toEqual({ median: 2, p90: 2 });
  });
});

describe("failureProfileRows (hand-computed)", () => {
  const q = (
    category: ProfileQuestion["category"],
    systemAnswer: string,
    precision: number,
    recall: number,
    counted = true,
  ): ProfileQuestion => ({ category, systemAnswer, precision, recall, counted });
  const rows = failureProfileRows([
    q("UPR", "Lake Verrin", 1, 1),
    q("UPR", "The dialogue does not mention it.", 0, 0),
    q("UPR", "a b c d e f g h i j", 0.1, 1),
    q("UPR", "", 0, 0),
    q("AR", "Not mentioned", 1, 1),
    q("AR", "Blue", 0, 0),
    q("CD", "left out", 0, 0, false),
  ]);

  it("counts per scope and leaves uncounted questions out", () => {
    expect(rows.map((r) => r.scope)).toEqual(["ALL", "UPR", "AR"]);
    const upr = rows[1];
    expect(upr).toMatchObject({ n: 4, refused: 1, empty: 1 });
    // (0 + 0 + 0.9 + 0) / 4
    expect(upr.recallPrecisionGap).toBeCloseTo(0.225, 12);
    // token lengths of the non-empty answers (punctuation dropped): 2, 6, 10; p90 interpolates 6..10 at 0.8
    expect(upr.tokensMedian).toBe(6);
    expect(upr.tokensP90).toBeCloseTo(6 + 0.8 * 4, 12);
  });

  it("derives the rates", () => {
    const p = failureProfileFromRows(rows)!;
    expect(p.refusalRate).toBeCloseTo(2 / 6, 12);
    expect(p.missedRefusalRate).toBe(0.5);
    expect(p.overRefusalRate).toBe(0.25);
    expect(p.emptyRate).toBeCloseTo(1 / 6, 12);
    expect(p.byCategory).toEqual({
      UPR: { refusalRate: 0.25, recallPrecisionGap: upr(), n: 4 },
      AR: { refusalRate: 0.5, recallPrecisionGap: 0, n: 2 },
    });
    function upr() {
      return rows[1].recallPrecisionGap;
    }
  });

  it("has no profile without rows, and null rates for empty denominators", () => {
    expect(failureProfileFromRows([])).toBeNull();
    const only = failureProfileFromRows(failureProfileRows([q("UPR", "x", 1, 1)]))!;
    expect(only.missedRefusalRate).toBeNull();
    expect(only.overRefusalRate).toBe(0);
  });
});

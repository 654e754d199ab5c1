import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { QuestionKeys } from "../../../lib/scoring/question-keys";
import { imageBaseName, normalizeText } from "../../../lib/scoring/text-normalize";

/** The definition, written plainly: one key of all three normalised fields. */
function plainFirsts(
  items: { question_text: string; question_image: string; original_answer: string }[],
): (number | undefined)[] {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    const key = `${normalizeText(item.question_text)}\u0000${imageBaseName(item.question_image)}\u0000${normalizeText(item.original_answer)}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    return first;
  });
}

describe("QuestionKeys (DUPLICATE_QUESTION)", () => {
  it("names the same first item as one key of text, image and answer", () => {
    const text = fc.oneof(
      fc.constantFrom("", " ", "Q1", "q1 ", "Q2", "q  2", "É", "e\u0301", " q1", "Q 1", "q\t1", "q\u00a01"),
      fc.stringMatching(/^[ qQ1]{0,5}$/),
    );
    const image = fc.constantFrom("", "1.png", "s/1.PNG", "2.png", " ", "s/", " 1.png ");
    const item = fc.record({ question_text: text, question_image: image, original_answer: text });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const keys = new QuestionKeys();
        expect(items.map((it, i) => keys.firstOf(it, i))).toEqual(plainFirsts(items));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a question with another answer apart, and finds a repeat of either", () => {
    const keys = new QuestionKeys();
    const q = (original_answer: string) => ({ question_text: "Who?", question_image: "", original_answer });
    expect([q("Alice"), q("Bob"), q(" bob "), q("ALICE")].map((it, i) => keys.firstOf(it, i))).toEqual([
      undefined,
      undefined,
      1,
      0,
    ]);
  });

  it("tells apart texts whose hashes collided in the former hash table", () => {
    const keys = new QuestionKeys();
    const q = (question_text: string) => ({ question_text, question_image: "", original_answer: "same" });
    expect(["Q562789?", "Q779192?", "q562789?", " q779192?"].map((t, i) => keys.firstOf(q(t), i))).toEqual([
      undefined,
      undefined,
      0,
      1,
    ]);
  });

  it("agrees with the plain definition on 200,000 items", () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({
      question_text: `Question ${i % 150_000} ${i % 7 === 0 ? " " : ""}`,
      question_image: i % 3 === 0 ? "" : `s/${i % 5}.png`,
      original_answer: `A${i % 11}`,
    }));
    const keys = new QuestionKeys();
    expect(items.map((it, i) => keys.firstOf(it, i))).toEqual(plainFirsts(items));
  }, 60_000); // 200,000 items: a few seconds on a loaded machine
});

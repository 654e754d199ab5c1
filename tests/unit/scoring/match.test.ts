import { describe, expect, it } from "vitest";
import type { ReferenceQuestion } from "../../../lib/scoring/answer-key";
import { matchPredictions } from "../../../lib/scoring/match";
import type { PredictionItem, Split } from "../../../lib/scoring/types";

let counter = 0;
function ref(split: Split, text: string, image: string, answer: string): ReferenceQuestion {
  const index = counter++;
  return {
    qid: `${split}/dialogue1/session1/${index}`,
    split,
    dialogue: 1,
    session: 1,
    index,
    questionText: text,
    questionImage: image,
    category: "UPR",
    mainType: "RECALL",
    difficulty: "medium",
    answer,
  };
}
const pred = (text: string, image: string, original: string): PredictionItem => ({
  question_text: text,
  question_image: image,
  system_answer: "x",
  original_answer: original,
  category: "UPR",
});

const key = [
  ref("dyadic", "What is the lake called?", "2.jpg", "Lake Verrin"),
  ref("dyadic", "Which trail does the map show?", "session1/2.png", "The Ridge Loop"),
  ref("dyadic", "Is the statement consistent?", "1.jpg", "Yes, contradiction"),
  ref("dyadic", "Is the statement consistent?", "1.jpg", "Not contradictory"),
  ref("dyadic", "Unanswered question?", "", "Nobody knows"),
  ref("multi-party", "When is the fair?", "", "Saturday"),
  ref("multi-party", "Who is the treasurer?", "", "Aiko"),
  ref("multi-party", "What is on the poster?", "img3.jpg", "The programme"),
];
const qid = (i: number) => key[i].qid;

describe("matchPredictions", () => {
  it("matches on normalised text + image basename and flags differing answers", () => {
    const r = matchPredictions(
      "dyadic",
      [
        pred("  what IS the lake\n called? ", "2.JPG", "Lake Verrin"),
        pred("Which trail does the map show?", "2.png", "the ridge loop"),
        pred("What is the lake called?", "", "Lake Verrin"),
      ],
      key,
      "f.json",
    );
    expect(r.matches).toEqual([
      { index: 0, qid: qid(0), answerDiffers: false },
      { index: 1, qid: qid(1), answerDiffers: false },
      { index: 2, qid: null, answerDiffers: false },
    ]);
    const unmatched = r.issues.find((i) => i.code === "UNMATCHED_PREDICTION")!;
    expect(unmatched.path).toBe("/predictions/2");
    expect(unmatched.message).toContain('image "2.jpg"');
    expect(r.missing).toEqual([qid(2), qid(3), qid(4)]);
    expect(r.issues.find((i) => i.code === "MISSING_QUESTIONS")!.message).toContain("3 of 5 dyadic questions");
  });

  it("breaks ties by original_answer, then order; reports duplicates and answer differences", () => {
    const r = matchPredictions(
      "dyadic",
      [
        pred("Is the statement consistent?", "1.jpg", "Not contradictory"),
        pred("Is the statement consistent?", "1.jpg", "Yes, contradiction"),
        pred("Is the statement consistent?", "1.jpg", "Yes, contradiction"),
      ],
      key,
      "f.json",
    );
    expect(r.matches.map((m) => m.qid)).toEqual([qid(3), qid(2), null]);
    expect(r.issues.map((i) => i.code)).toContain("DUPLICATE_PREDICTION");

    const byOrder = matchPredictions(
      "dyadic",
      [pred("Is the statement consistent?", "1.jpg", "Maybe"), pred("Is the statement consistent?", "1.jpg", "Maybe")],
      key,
      "f.json",
    );
    expect(byOrder.matches).toEqual([
      { index: 0, qid: qid(2), answerDiffers: true },
      { index: 1, qid: qid(3), answerDiffers: true },
    ]);
    expect(byOrder.issues.map((i) => i.code)).toEqual(expect.arrayContaining(["AMBIGUOUS_MATCH", "ANSWER_DIFFERS"]));
  });

  it("detects a multi-party file given as dyadic", () => {
    const items = [
      pred("When is the fair?", "", "Saturday"),
      pred("Who is the treasurer?", "", "Aiko"),
      pred("What is on the poster?", "img3.jpg", "The programme"),
    ];
    const r = matchPredictions("dyadic", items, key, "prediction_dyadic.json");
    const swap = r.issues.find((i) => i.code === "SPLIT_SWAPPED")!;
    expect(swap.severity).toBe("error");
    expect(swap.message).toContain("3 of its 3 predictions match multi-party questions");
    expect(matchPredictions("multi-party", items, key, "x").issues.some((i) => i.code === "SPLIT_SWAPPED")).toBe(false);
  });
});

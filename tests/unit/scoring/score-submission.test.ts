import { describe, expect, it } from "vitest";
import type { ReferenceQuestion } from "../../../lib/scoring/answer-key";
import { scoreSubmission } from "../../../lib/scoring/score-submission";
import { scorerVersionFor } from "../../../lib/scoring/scorer-version";
import { LEXICAL_VERSION, lexicalScores } from "../../../lib/scoring/lexical";
import type { PredictionItem } from "../../../lib/scoring/types";

const q = (
  index: number,
  split: "dyadic" | "multi-party",
  text: string,
  answer: string,
  category: ReferenceQuestion["category"] = "UPR",
): ReferenceQuestion => ({
  qid: `${split}/dialogue1/session1/${index}`,
  split,
  dialogue: 1,
  session: 1,
  index,
  questionText: text,
  questionImage: "",
  category,
  mainType: category === "AR" ? "APPLICATION" : "RECALL",
  difficulty: "medium",
  answer,
});
const key = [
  q(0, "dyadic", "Which lake?", "Lake Verrin"),
  q(1, "dyadic", "Which flour?", "Whole rye flour", "CRR"),
  q(2, "dyadic", "Boot brand?", "Not mentioned", "AR"),
  q(0, "multi-party", "Fair date?", "Saturday 14 September"),
];
const p = (text: string, answer: string, original: string, category = "Unimodal Precise Recall"): PredictionItem => ({
  question_text: text,
  question_image: "",
  system_answer: answer,
  original_answer: original,
  category,
});

describe("scoreSubmission", () => {
  it("without a key scores against the submitted original_answer", () => {
    const out = scoreSubmission({
      files: { dyadic: [p("Which lake?", "Lake Verrin", "Lake Verrin"), p("Other?", "", "Something", "AR")] },
      resamples: 50,
    });
    expect(out.perQuestion.map((x) => [x.index, x.qid, x.f1, x.bleu1])).toEqual([
      [0, null, 1, 1],
      [1, null, 0, 0],
    ]);
    expect(out.scorerVersion).toBe(`${LEXICAL_VERSION}+nltk35+sw198`); // NLTK 3.5, the benchmark's pin, by default
    const all = out.rows.find(
      (r) => r.split === "overall" && r.scope === "ALL" && r.metric === "f1" && r.aggregate === "micro",
    )!;
    expect(all).toMatchObject({ value: 0.5, n: 2 });
    expect(out.issues).toEqual([]);
  });

  it("with a key scores against the key, counts unanswered questions as 0 and leaves unmatched ones out", () => {
    const out = scoreSubmission({
      answerKey: key,
      files: {
        dyadic: [
          p("which  LAKE?", "Lake Verrin", "wrong copy"),
          p("Not in key?", "x", "x"),
          p("Boot brand?", "Not mentioned", "Not mentioned", "Conflict Detection"),
        ],
      },
      resamples: 50,
    });
    const dy = out.perQuestion.filter((x) => x.split === "dyadic");
    expect(dy.map((x) => [x.index, x.qid, x.counted, x.f1, x.answerDiffers])).toEqual([
      [0, key[0].qid, true, 1, true],
      [1, null, false, 1, false],
      [2, key[2].qid, true, 1, false],
      [null, key[1].qid, true, 0, false],
    ]);
    expect(dy[2].category).toBe("AR"); // the key's category wins
    const codes = out.issues.map((i) => i.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        "ANSWER_DIFFERS",
        "UNMATCHED_PREDICTION",
        "MISSING_QUESTIONS",
        "CATEGORY_DIFFERS",
        "SPLIT_MISSING",
      ]),
    );
    const row = (split: string) =>
      out.rows.find((r) => r.split === split && r.scope === "ALL" && r.metric === "f1" && r.aggregate === "micro")!;
    expect(row("dyadic")).toMatchObject({ n: 3, value: 2 / 3 });
    expect(row("multi-party")).toMatchObject({ n: 1, value: 0 }); // no file: every question scores 0
    expect(row("overall")).toMatchObject({ n: 4, value: 0.5 });
  });

  it("uses the lexical options and names them in the scorer version", () => {
    const items = [p("Which lake?", "it's Lake Verrin.", "Lake Verrin")];
    for (const nltk of ["3.5", "3.8"] as const) {
      const lexical = { tokenizer: "whitespace", nltk, stopwords: "old" } as const;
      const out = scoreSubmission({ files: { dyadic: items }, lexical, resamples: 0 });
      expect(out.scorerVersion).toBe(scorerVersionFor(lexical));
      expect(out.scorerVersion).toMatch(new RegExp(`\\+whitespace-nltk${nltk.replace(".", "")}\\+sw179$`));
      expect(out.perQuestion[0]).toMatchObject(lexicalScores("it's Lake Verrin.", "Lake Verrin", lexical));
    }
  });
});

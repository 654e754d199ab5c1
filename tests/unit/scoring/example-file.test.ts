import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  FIELD_HINTS,
  PREDICTION_FIELDS,
  exampleFileName,
  exampleFileText,
  hasErrors,
  isOptionalField,
  parsePredictionFile,
  splitForFileName,
  type ReferenceQuestion,
} from "@/lib/scoring";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const q = (over: Partial<ReferenceQuestion>): ReferenceQuestion => ({
  qid: "dyadic/dialogue1/session1/0",
  split: "dyadic",
  dialogue: 1,
  session: 1,
  index: 0,
  questionText: "When did Anna adopt the cat?",
  questionImage: "",
  category: "TR",
  mainType: "REASONING",
  difficulty: "medium",
  answer: "Last spring",
  ...over,
});

const key = [
  q({}),
  q({ qid: "dyadic/dialogue1/session1/1", index: 1, questionImage: "img_3.jpg", category: "RET", answer: "Bob" }),
  q({ qid: "multi-party/dialogue2/session1/0", split: "multi-party", category: "AR", answer: "Not mentioned" }),
];

describe("example prediction files", () => {
  it("holds the split's key questions, unanswered, with the dataset's original_answer and category name", () => {
    const text = exampleFileText(key, "dyadic");
    const items = JSON.parse(text).predictions;
    expect(items).toEqual([
      {
        question_text: "When did Anna adopt the cat?",
        question_image: "",
        system_answer: "",
        original_answer: "Last spring",
        category: CATEGORIES.TR.name,
        retrieved_sessions: [],
      },
      {
        question_text: "When did Anna adopt the cat?",
        question_image: "img_3.jpg",
        system_answer: "",
        original_answer: "Bob",
        category: CATEGORIES.RET.name,
        retrieved_sessions: [],
      },
    ]);
    expect(Object.keys(items[0])).toEqual([...PREDICTION_FIELDS]);
  });

  it("passes the validator every upload and `h2hmem validate` run, without errors", () => {
    for (const split of ["dyadic", "multi-party"] as const) {
      const parsed = parsePredictionFile(exampleFileText(key, split), { file: exampleFileName(split), split });
      expect(hasErrors(parsed.issues)).toBe(false);
      expect(parsed.items.length).toBe(key.filter((k) => k.split === split).length);
    }
  });

  it("is named after the official file names", () => {
    expect(exampleFileName("dyadic")).toBe("example_prediction_dyadic.json");
    expect(exampleFileName("multi-party")).toBe("example_prediction_multiparty.json");
    expect(splitForFileName("example_prediction_multiparty.json")).toBe("multi-party");
    expect(splitForFileName("downloads/example_prediction_dyadic.json")).toBe("dyadic");
  });
});

describe("the Submit page's field list", () => {
  it("has a line for every schema field in both languages; question_image and retrieved_sessions are optional", () => {
    for (const field of PREDICTION_FIELDS) {
      // The English line is the CLI's hint (one text), the Chinese one keeps its example.
      expect(en.validation.fieldHints[field]).toBe(FIELD_HINTS[field]);
      expect(zh.validation.fieldHints[field]).toBeTruthy();
    }
    expect(zh.validation.fieldHints.category).toContain(`"${CATEGORIES.UPR.name}"`);
    expect(PREDICTION_FIELDS.filter(isOptionalField)).toEqual(["question_image", "retrieved_sessions"]);
  });
});

import { describe, expect, it } from "vitest";
import path from "node:path";
import { loadAnswerKeyDir } from "../../../../lib/server/answer-key/dataset-folder";
import { CATEGORY_CODES } from "../../../../lib/scoring/types";

const DATASET = path.resolve(__dirname, "../../../../prisma/seed-data/dataset");

describe("loadAnswerKeyDir (synthetic seed dataset)", () => {
  const key = loadAnswerKeyDir(DATASET);

  it("loads every questions.json in dialogue/session order", () => {
    expect(key.issues).toEqual([]);
    expect(key.files.map((f) => f.path)).toEqual([
      "dyadic/dialogue1/scenes/session0/questions.json",
      "dyadic/dialogue1/scenes/session1/questions.json",
      "dyadic/dialogue1/scenes/session2/questions.json",
      "dyadic/dialogue2/scenes/session0/questions.json",
      "dyadic/dialogue2/scenes/session1/questions.json",
      "dyadic/dialogue2/scenes/session2/questions.json",
      "multi-party/dialogue1/scenes/session0/questions.json",
      "multi-party/dialogue1/scenes/session1/questions.json",
    ]);
    expect(key.questions.filter((q) => q.split === "dyadic")).toHaveLength(35);
    expect(key.questions.filter((q) => q.split === "multi-party")).toHaveLength(10);
    expect(key.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(loadAnswerKeyDir(DATASET).digest).toBe(key.digest);
  });

  it("covers all nine categories in both splits, with the documented quirks", () => {
    for (const split of ["dyadic", "multi-party"] as const) {
      expect(new Set(key.questions.filter((q) => q.split === split).map((q) => q.category))).toEqual(
        new Set(CATEGORY_CODES),
      );
    }
    expect(key.questions.some((q) => q.questionImage.startsWith("session1/"))).toBe(true);
    expect(key.questions.some((q) => /[\u4e00-\u9fff]/.test(q.answer))).toBe(true);
    expect(key.questions.find((q) => q.qid === "dyadic/dialogue1/session2/3")!.difficulty).toBe("medium");
  });

  it("accepts a parent folder holding dataset/", () => {
    expect(loadAnswerKeyDir(path.dirname(DATASET)).questions).toHaveLength(45);
  });
});

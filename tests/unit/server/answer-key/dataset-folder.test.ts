import { describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  DATASET_LAYOUT,
  datasetLayoutProblem,
  loadAnswerKeyDir,
} from "../../../../lib/server/answer-key/dataset-folder";
import { datasetWithoutScenes } from "../../../support/dataset-layouts";
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

describe("dataset layouts (issue 45, point 3)", () => {
  const official = loadAnswerKeyDir(DATASET);

  it("reads <split>/dialogueN/sessionK/questions.json (no scenes/) as the same questions and the same key", () => {
    const dir = datasetWithoutScenes(DATASET);
    expect(existsSync(path.join(dir, "dyadic", "dialogue1", "session1", "questions.json"))).toBe(true);
    const key = loadAnswerKeyDir(dir);
    expect(key.issues).toEqual([]);
    expect(key.questions).toEqual(official.questions);
    expect(key.files.map((f) => f.path)).toEqual(official.files.map((f) => f.path.replace("/scenes/", "/")));
    // One key whatever the layout: importing either copy is "already imported".
    expect(key.digest).toBe(official.digest);
  });

  it("names what it found and what it expected for any other layout", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-bad-layout-"));
    const expected = DATASET_LAYOUT;
    expect(datasetLayoutProblem(path.join(dir, "missing"))).toMatch(/is not a folder; expected <split>\/dialogueN/);
    writeFileSync(path.join(dir, "questions.json"), "{}");
    expect(datasetLayoutProblem(dir)).toBe(
      `found questions.json in ${dir}, but no dyadic/ or multi-party/ folder; expected ${expected}`,
    );
    // One split's folder given instead of the dataset folder.
    cpSync(path.join(DATASET, "dyadic"), path.join(dir, "split"), { recursive: true });
    expect(datasetLayoutProblem(path.join(dir, "split"))).toMatch(
      /^found dialogue1\/, dialogue2\/ in .*, but no dyadic\/ or multi-party\/ folder \(this looks like one split/,
    );
    mkdirSync(path.join(dir, "dyadic", "conversations"), { recursive: true });
    expect(datasetLayoutProblem(dir)).toBe(
      `found conversations/ in dyadic/, but no dialogueN folder; expected ${expected}`,
    );
    mkdirSync(path.join(dir, "dyadic", "dialogue3", "chats"), { recursive: true });
    expect(datasetLayoutProblem(dir)).toBe(
      `found chats/ in dyadic/dialogue3/, but no sessionK or scenes/sessionK folder; expected ${expected}`,
    );
    mkdirSync(path.join(dir, "dyadic", "dialogue3", "scenes", "session2"), { recursive: true });
    writeFileSync(path.join(dir, "dyadic", "dialogue3", "scenes", "session2", "qa.json"), "{}");
    expect(datasetLayoutProblem(dir)).toBe(
      `found qa.json in dyadic/dialogue3/scenes/session2/, but no questions.json; expected ${expected}`,
    );
    expect(loadAnswerKeyDir(dir).files).toEqual([]);
  });
});

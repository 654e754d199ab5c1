// Spawns the real launcher (`node bin/h2hmem.mjs`), as `npx h2hmem` would.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, runH2hmem as h2hmem } from "../../support/run-h2hmem";

const PRED = path.join(ROOT, "tests/fixtures/predictions");
const KEY = path.join(ROOT, "prisma/seed-data/dataset");
type Report = {
  valid: boolean;
  split: string;
  issues: Array<{ severity: string; code: string; file: string; path: string; message: string; fix?: string }>;
};
const report = (stdout: string) => JSON.parse(stdout) as Report;

let dir = "";
const item = {
  question_text: "Q?",
  question_image: "",
  system_answer: "A",
  original_answer: "A",
  category: "Answer Refusal",
};
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "h2hmem-cli-"));
  const enc = new TextEncoder().encode(JSON.stringify({ predictions: [item] }));
  writeFileSync(
    path.join(dir, "invalid-utf8.json"),
    Uint8Array.from([...enc.slice(0, 10), 0xc3, 0x28, ...enc.slice(10)]),
  );
  writeFileSync(path.join(dir, "deep.json"), '{"predictions": ' + "[".repeat(5000) + "]".repeat(5000) + "}");
  writeFileSync(
    path.join(dir, "null-byte.json"),
    JSON.stringify({ predictions: [{ ...item, system_answer: "a\u0000" }] }),
  );
  writeFileSync(path.join(dir, "empty.json"), JSON.stringify({ predictions: [] }));
  writeFileSync(
    path.join(dir, "long-answer.json"),
    JSON.stringify({ predictions: [item, { ...item, question_text: "Q2?", system_answer: "y".repeat(8_001) }] }),
  );
  writeFileSync(
    path.join(dir, "three.json"),
    JSON.stringify({ predictions: [item, { ...item, question_text: "Q2?" }, { ...item, question_text: "Q3?" }] }),
  );
});

describe("h2hmem validate", () => {
  it("exits 0 for a valid file and prints a summary", async () => {
    const r = await h2hmem("validate", path.join(PRED, "good/prediction_dyadic.json"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("prediction_dyadic.json: valid dyadic file, 35 predictions (0 errors, 0 warnings)");
  }, 60_000);

  it("reports every error of a broken file with path and fix, exit 1", async () => {
    const r = await h2hmem("validate", path.join(PRED, "errors/prediction_dyadic.json"), "--json");
    expect(r.code).toBe(1);
    const rep = report(r.stdout);
    expect(rep.valid).toBe(false);
    expect(rep.issues.map((i) => `${i.code} ${i.path}`)).toEqual([
      "WRONG_TYPE /predictions/0/system_answer",
      "MISSING_FIELD /predictions/1/original_answer",
      "UNKNOWN_CATEGORY /predictions/2/category",
      "ITEM_NOT_OBJECT /predictions/3",
      "NULL_BYTE /predictions/4/system_answer",
      "WRONG_TYPE /predictions/5/category",
      "MISSING_FIELD /predictions/6/question_text",
    ]);
    expect(rep.issues.every((i) => i.file === "prediction_dyadic.json" && i.fix)).toBe(true);
    const text = await h2hmem("validate", path.join(PRED, "errors/prediction_dyadic.json"));
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("ERROR   UNKNOWN_CATEGORY  prediction_dyadic.json /predictions/2/category");
    expect(text.stdout).toContain('fix: "Memory Recall" is a main type, not a category; its categories are');
  }, 60_000);

  it.each([
    ["malformed/not-json.json", "NOT_JSON", "not JSON"],
    ["malformed/truncated.json", "TRUNCATED_JSON", "truncated"],
    ["malformed/syntax-error.json", "INVALID_JSON", "line 3, column 49"],
    ["malformed/root-array.json", "WRONG_ROOT", "got an array"],
    ["malformed/no-predictions.json", "MISSING_PREDICTIONS", 'no "predictions" field'],
    ["malformed/predictions-object.json", "PREDICTIONS_NOT_ARRAY", "must be an array"],
  ])(
    "%s -> %s, exit 1",
    async (file, code, text) => {
      const r = await h2hmem("validate", path.join(PRED, file), "--split", "dyadic", "--json");
      expect(r.code).toBe(1);
      const err = report(r.stdout).issues.find((i) => i.severity === "error")!;
      expect(err.code).toBe(code);
      expect(err.message).toContain(text);
    },
    60_000,
  );

  it.each([
    ["invalid-utf8.json", [], "INVALID_UTF8"],
    ["deep.json", [], "TOO_DEEP"],
    ["null-byte.json", [], "NULL_BYTE"],
    ["three.json", ["--max-items", "2"], "TOO_MANY_ITEMS"],
    ["three.json", ["--max-bytes", "100"], "TOO_LARGE"],
    ["empty.json", [], "NO_PREDICTIONS"],
    ["long-answer.json", [], "ANSWER_TOO_LONG"],
  ] as Array<[string, string[], string]>)(
    "%s %j -> %s, exit 1",
    async (file, extra, code) => {
      const r = await h2hmem("validate", path.join(dir, file), "--split", "multi-party", "--json", ...extra);
      expect(r.code).toBe(1);
      expect(
        report(r.stdout)
          .issues.filter((i) => i.severity === "error")
          .map((i) => i.code),
      ).toEqual([code]);
    },
    60_000,
  );

  it("accepts comments, BOM, typos and fuzzy matches with warnings (exit 0), checked against the answer key", async () => {
    const r = await h2hmem(
      "validate",
      path.join(PRED, "with-warnings/prediction_dyadic.json"),
      "--answer-key",
      KEY,
      "--json",
    );
    expect(r.code).toBe(0);
    const codes = report(r.stdout).issues.map((i) => i.code);
    expect(codes).toEqual([
      "JSON_COMMENTS",
      "EMPTY_ANSWER",
      "UNKNOWN_FIELD",
      "DUPLICATE_QUESTION",
      "ANSWER_DIFFERS",
      "CATEGORY_DIFFERS",
      "UNMATCHED_PREDICTION",
      "DUPLICATE_PREDICTION",
      "MISSING_QUESTIONS",
    ]);
    const bom = await h2hmem("validate", path.join(PRED, "malformed/bom.json"), "--split", "dyadic", "--json");
    expect(bom.code).toBe(0);
    expect(report(bom.stdout).issues).toEqual([]);
  }, 60_000);

  it("detects swapped split files with the answer key", async () => {
    const r = await h2hmem("validate", path.join(PRED, "swapped/prediction_dyadic.json"), "--answer-key", KEY);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("SPLIT_SWAPPED");
    expect(r.stdout).toContain("look swapped");
    const guessed = await h2hmem("validate", path.join(PRED, "malformed/bom.json"), "--answer-key", KEY, "--json");
    expect(report(guessed.stdout).issues[0].code).toBe("SPLIT_UNKNOWN");
  }, 60_000);

  it("--max-answer-chars follows the server's UPLOAD_MAX_ANSWER_CHARS", async () => {
    expect(
      (await h2hmem("validate", path.join(dir, "long-answer.json"), "--split", "dyadic", "--max-answer-chars", "9000"))
        .code,
    ).toBe(0);
    const r = await h2hmem("validate", path.join(dir, "three.json"), "--split", "dyadic", "--max-answer-chars", "0");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--max-answer-chars must be a positive integer");
  }, 60_000);

  it("usage errors exit 2; --help exits 0", async () => {
    expect((await h2hmem("validate")).code).toBe(2);
    expect((await h2hmem("validate", "/nonexistent/prediction_dyadic.json")).code).toBe(2);
    expect((await h2hmem("validate", path.join(PRED, "good/prediction_dyadic.json"), "--split", "triadic")).code).toBe(
      2,
    );
    expect((await h2hmem("validate", "x.json", "--bogus")).code).toBe(2);
    expect((await h2hmem("frobnicate")).code).toBe(2);
    const help = await h2hmem("validate", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--answer-key");
    const top = await h2hmem("--help");
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/validate[\s\S]*score/);
  }, 120_000);
});

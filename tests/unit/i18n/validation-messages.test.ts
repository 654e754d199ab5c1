import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { translateIssue, type ValidationTranslator } from "@/lib/i18n/issue-text";
import { FIELD_CODES, ISSUE_CODES, parsePredictionFile, type ValidationIssue } from "@/lib/scoring/validate";

// Every validation code has an English and a Chinese message, and real validator output is
// shown in Chinese with its parameters filled in (a missing parameter would fall back to English).

const zhT = createTranslator({
  locale: "zh",
  messages: zh,
  namespace: "validation",
  onError: (e) => {
    throw e;
  },
}) as unknown as ValidationTranslator;

const enc = (s: string) => new TextEncoder().encode(s);
const item = (over: Record<string, unknown> = {}) => ({
  question_text: "Q?",
  question_image: "",
  system_answer: "A",
  original_answer: "A",
  category: "Temporal Reasoning",
  ...over,
});
const BAD_FILES: Array<string | Uint8Array> = [
  "",
  "hello",
  "[1, 2]",
  '{"predictions": {}}',
  '{"other": 1}',
  '{"predictions": []}',
  '{"predictions": [1, 2',
  '{"predictions": [1,,2]}',
  '// c\n{"predictions": []}',
  new Uint8Array([0xff, 0xfe, 0x00]),
  "[".repeat(100),
  JSON.stringify({
    predictions: [
      item({ category: "Nope" }),
      item({ system_answer: 7 }),
      { question_text: "x" },
      "str",
      item({ extra: 1 }),
      item({ system_answer: "x".repeat(50) }),
      item({ system_answer: "", question_text: "", original_answer: "" }),
      item(),
      item({ question_text: "a\u0000b" }),
    ],
    more: true,
  }),
];

function zhIssues(): ValidationIssue[] {
  return BAD_FILES.flatMap(
    (f) =>
      parsePredictionFile(typeof f === "string" ? enc(f) : f, {
        file: "prediction_dyadic.json",
        split: "dyadic",
        maxAnswerChars: 20,
        maxItems: 20,
      }).issues,
  );
}

describe("validation messages", () => {
  it("exist in en and zh for every issue code and field code", () => {
    for (const messages of [en, zh]) {
      const v = messages.validation as unknown as {
        issues: Record<string, { message?: string; fix?: string }>;
        fields: Record<string, string>;
      };
      expect(ISSUE_CODES.filter((c) => !v.issues[c]?.message || !v.issues[c]?.fix)).toEqual([]);
      expect(FIELD_CODES.filter((c) => !v.fields[c])).toEqual([]);
      expect(
        Object.keys(v.issues).filter((c) => !(ISSUE_CODES as readonly string[]).includes(c)),
        "messages for codes that do not exist",
      ).toEqual([]);
    }
  });

  it("translate real validator output to Chinese with every parameter filled in", () => {
    const issues = zhIssues();
    const codes = new Set(issues.map((i) => i.code));
    // The bad files above cover most file-level codes.
    expect(codes.size).toBeGreaterThanOrEqual(15);
    for (const issue of issues) {
      const out = translateIssue(issue, "zh", zhT);
      expect(out.message, issue.code).not.toBe(issue.message);
      expect(out.message, issue.code).toMatch(/[\u4e00-\u9fff]/);
      expect(out.message).not.toMatch(/\{\w+\}/);
      if (issue.fix) expect(out.fix, issue.code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("interpolates the limits of ANSWER_TOO_LONG with the locale's number format", () => {
    const { issues } = parsePredictionFile(
      enc(JSON.stringify({ predictions: [item({ system_answer: "x".repeat(1500) })] })),
      { file: "f.json", split: "dyadic", maxAnswerChars: 1000 },
    );
    const out = translateIssue(issues[0]!, "zh", zhT);
    expect(out.message).toBe("system_answer 有 1,500 个字符，超过上限 1,000 个字符。");
  });

  it("keeps the validator's English for en, an unknown code, or missing parameters", () => {
    const issue = {
      code: "ANSWER_TOO_LONG",
      message: "English text",
      fix: "English fix",
      params: { chars: 3, limit: 2 },
    };
    expect(translateIssue(issue, "en", zhT)).toEqual({ message: "English text", fix: "English fix" });
    expect(translateIssue({ ...issue, code: "SOMETHING_NEW" }, "zh", zhT)).toEqual({
      message: "English text",
      fix: "English fix",
    });
    expect(translateIssue({ ...issue, params: undefined }, "zh", zhT)).toEqual({
      message: "English text",
      fix: "English fix",
    });
    expect(
      translateIssue({ code: "FIELD_TOO_LONG", message: "too long", params: { limit: 200 } }, "zh", zhT).message,
    ).toBe("太长（最多 200）。");
  });
});

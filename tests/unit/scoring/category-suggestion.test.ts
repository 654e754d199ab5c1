import { describe, expect, it } from "vitest";
import { suggestCategory, unknownCategoryFix } from "@/lib/scoring/categories";
import { parsePredictionFile } from "@/lib/scoring/validate";
import { createTranslator } from "next-intl";
import zh from "@/lib/i18n/messages/zh.json";
import { translateIssue, type ValidationTranslator } from "@/lib/i18n/issue-text";

describe("suggestCategory: the nearest valid spelling of an unknown category", () => {
  it.each([
    ["Temporal Reasonning", "Temporal Reasoning"],
    ["temporal-reasoning", "Temporal Reasoning"],
    ["Temporal", "Temporal Reasoning"],
    ["Conflict Detecton", "Conflict Detection"],
    ["Answer Refusals", "Answer Refusal"],
    ["Test Time Learnin", "Test-Time Learning"],
  ])("%s -> %s", (raw, name) => {
    expect(suggestCategory(raw)).toMatchObject({ kind: "spelling", name });
  });

  it("names the sub-types of a main type given as a category", () => {
    expect(suggestCategory("Memory Reasoning")).toEqual({
      kind: "mainType",
      mainType: "REASONING",
      subTypes: ["Temporal Reasoning", "Multimodal Causal Reasoning", "Reference & Evolution Tracking"],
    });
  });

  it("does not guess from noise", () => {
    expect(suggestCategory("banana")).toBeNull();
    expect(suggestCategory("")).toBeNull();
    expect(suggestCategory("XYZ")).toBeNull();
  });

  it("the validator's fix says it (one wording for browser, server and CLI)", () => {
    const text = JSON.stringify({
      predictions: ["Temporal Reasonning", "Memory Recall"].map((category) => ({
        question_text: "Q?",
        question_image: "",
        system_answer: "A",
        original_answer: "A",
        category,
      })),
    });
    const r = parsePredictionFile(text, { file: "prediction_dyadic.json", split: "dyadic" });
    const fixes = r.issues.filter((i) => i.code === "UNKNOWN_CATEGORY").map((i) => i.fix);
    expect(fixes[0]).toMatch(/^Did you mean "Temporal Reasoning"\?/);
    expect(fixes[1]).toContain(
      'its categories are "Unimodal Precise Recall", "Cross-modal Related Retrieval", "Knowledge Resolution"',
    );
    expect(unknownCategoryFix("banana").params.guess).toBe("none");
  });

  it("says the same in Chinese", () => {
    const zhT = createTranslator({
      locale: "zh",
      messages: zh,
      namespace: "validation",
    }) as unknown as ValidationTranslator;
    const issue = (raw: string) => ({ code: "UNKNOWN_CATEGORY", message: "x", ...unknownCategoryFix(raw) });
    expect(translateIssue(issue("Temporal Reasonning"), "zh", zhT).fix).toMatch(/^您是不是想写“Temporal Reasoning”？/);
    expect(translateIssue(issue("Memory Reasoning"), "zh", zhT).fix).toContain("是主类型，不是类别");
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allowedCategoryNames, normalizeCategory, normalizeMainType } from "../../../lib/scoring/categories";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPE_NAMES } from "../../../lib/scoring/types";

describe("normalizeCategory", () => {
  it.each([
    ["Unimodal Precise Recall", "UPR"],
    ["Cross-modal Related Retrieval", "CRR"],
    ["Knowledge Resolution", "KR"],
    ["Temporal Reasoning", "TR"],
    ["Multimodal Causal Reasoning", "MCR"],
    ["Multimodal Causal Inference", "MCR"],
    ["Multimodal Casual Reasoning", "MCR"],
    ["MCR", "MCR"],
    ["mcr", "MCR"],
    ["Reference & Evolution Tracking", "RET"],
    ["Cross-turn Reference Tracking", "RET"],
    ["Test-Time Learning", "TTL"],
    ["Test-Time Learning (TTL)", "TTL"],
    ["Conflict Detection (CD)", "CD"],
    ["Answer Refusal (AR)", "AR"],
    ["  answer   REFUSAL ", "AR"],
    ["multimodal\tcausal\n inference (MCR)", "MCR"],
    ["(KR)", "KR"],
  ])("%j -> %s", (raw, code) => {
    expect(normalizeCategory(raw)).toBe(code);
  });

  it.each(["", "Memory Recall", "Recall", "Conflict Detection (AR)", "Unimodal Precise Recal", "UPR CRR"])(
    "rejects %j",
    (raw) => {
      expect(normalizeCategory(raw)).toBeNull();
    },
  );

  it("maps every canonical name and alias back to its own code, under any case and spacing", () => {
    const spellings = CATEGORY_CODES.flatMap((c) =>
      [CATEGORIES[c].name, ...CATEGORIES[c].aliases].map((s) => [s, c] as const),
    );
    fc.assert(
      fc.property(fc.constantFrom(...spellings), fc.boolean(), fc.nat(3), ([spelling, code], upper, pad) => {
        const raw =
          " ".repeat(pad) +
          (upper ? spelling.toUpperCase() : spelling.toLowerCase()).replace(/ /g, "  ") +
          ` (${code})`;
        expect(normalizeCategory(raw)).toBe(code);
      }),
    );
  });

  it("has nine categories with main types and names", () => {
    expect(Object.keys(CATEGORIES)).toEqual([...CATEGORY_CODES]);
    expect(CATEGORIES.MCR.mainType).toBe("REASONING");
    expect(MAIN_TYPE_NAMES.APPLICATION).toBe("Memory Application");
    expect(normalizeMainType("memory  recall")).toBe("RECALL");
    expect(allowedCategoryNames()).toContain('"Answer Refusal" (AR)');
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { IssueList } from "../../../lib/scoring/issues";
import { cleanItem, mayHoldNul } from "../../../lib/scoring/validate-item";
import { validateItem } from "../../../lib/scoring/validate-item-schema";

// cleanItem is validate.ts's shortcut for items validateItem accepts without a word: it must never
// accept what validateItem would not, nor return another item.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", " ", "\t", "\u00a0x", "a\u0000", "Q1", "UPR", "Knowledge Resolution", "kr", "Memory Recall", "😀😀😀", "x".repeat(9)),
);
const value = fc.oneof(text, text, fc.constant(null), fc.integer(), fc.boolean(), fc.array(text, { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const field = fc.constantFrom("question_text", "question_image", "system_answer", "original_answer", "category", "extra", "__proto__", "constructor");
const rawItem = fc.oneof(
  // As JSON.parse builds them: any fields, any order (including __proto__ as an own property).
  fc.array(fc.tuple(field, value), { maxLength: 7 }).map((pairs) => JSON.parse(JSON.stringify(Object.fromEntries(pairs))) as unknown),
  fc.record({ question_text: text, question_image: text, system_answer: text, original_answer: text, category: text }, { requiredKeys: ["question_text", "system_answer", "original_answer", "category"] }),
  fc.record({ question_text: value, question_image: value, system_answer: value, original_answer: value, category: value }),
  value,
);

describe("cleanItem", () => {
  it("returns an item only when validateItem accepts it without an issue, and then the same item", () => {
    fc.assert(
      fc.property(rawItem, fc.boolean(), fc.constantFrom(3, 8, 8_000), fc.constantFrom(1, 300), (raw, nul, maxChars, items) => {
        const issues = new IssueList("f.json");
        const plain = validateItem(raw, 0, issues, maxChars, items);
        const clean = cleanItem(raw, nul || JSON.stringify(raw ?? null).includes("\\u0000"), maxChars);
        if (clean === undefined) return;
        expect(issues.finish()).toEqual([]);
        expect(plain).not.toBeNull();
        // Same fields, same values, same order.
        expect(JSON.stringify(clean)).toBe(JSON.stringify(plain));
        expect(Object.keys(clean)).toEqual(Object.keys(plain!));
      }),
      { numRuns: 5000 },
    );
  });

  it("takes the common item as it is", () => {
    const raw = JSON.parse('{"question_text":"Q?","question_image":"","system_answer":"a","original_answer":"b","category":"UPR"}') as unknown;
    expect(cleanItem(raw, false, 8_000)).toBe(raw);
    expect(cleanItem({ question_text: "Q?", system_answer: "a", original_answer: "b", category: "UPR" }, false, 8_000)).toEqual(raw);
  });
});

describe("mayHoldNul", () => {
  it("is true whenever a string of the parsed document holds U+0000", () => {
    const str = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("\u0000", "a\u0000b", "\\u0000", "\\\\u0000"));
    const doc = fc.oneof(fc.dictionary(str, str, { maxKeys: 3 }), fc.array(str, { maxLength: 3 }), str);
    const strings = (v: unknown): string[] =>
      typeof v === "string" ? [v] : v !== null && typeof v === "object" ? Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)]) : [];
    fc.assert(
      fc.property(doc, fc.boolean(), (value, upper) => {
        let json = JSON.stringify(value);
        if (upper) json = json.replace(/\\u00([0-9a-f]{2})/g, (_, h: string) => `\\u00${h.toUpperCase()}`);
        if (!mayHoldNul(json)) expect(strings(JSON.parse(json) as unknown).some((s) => s.includes("\u0000"))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

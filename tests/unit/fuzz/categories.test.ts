// Fuzzing the category normaliser (lib/scoring/categories.ts) directly and through the validator.
// Properties: any string gives one of the nine codes or null, the same answer twice (the memo
// cache agrees with the computation), never throws or hangs; every accepted spelling keeps its
// code under case changes, surrounding/inner whitespace and a matching "(CODE)" suffix, and the
// result is idempotent; a rejected category is an UNKNOWN_CATEGORY error listing every name.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORIES, type ParsedFile } from "@/lib/scoring";
import { CATEGORY_CODES, type CategoryCode } from "@/lib/scoring/types";
import { fuzzParams, fuzzTimeout } from "./fuzz-config";
import { timeBoxFor } from "./time-box";

const PROPS = 3;
const box = timeBoxFor("category normaliser");

const spellings = CATEGORY_CODES.flatMap((code) =>
  [code, CATEGORIES[code].name, ...CATEGORIES[code].aliases].map((s) => ({ code, s })),
);
const normalize = async (raw: string) => {
  const [first, second] = await box.run<[CategoryCode | null, CategoryCode | null]>("category", [raw], () =>
    JSON.stringify(raw.slice(0, 200)),
  );
  expect(second).toBe(first); // memoised answer = computed answer
  return first;
};

const space = fc.constantFrom(" ", "  ", "\t", "\n", "\u00a0", "\u3000", "\r\n");
/** A known spelling with random case per character and random whitespace around and inside. */
const disguised = fc
  .tuple(
    fc.constantFrom(...spellings),
    fc.infiniteStream(fc.boolean()),
    fc.array(space, { maxLength: 2 }),
    fc.array(space, { maxLength: 2 }),
    fc.infiniteStream(space),
  )
  .map(([{ code, s }, upper, before, after, inner]) => {
    const cased = [...s].map((ch) => (upper.next().value ? ch.toUpperCase() : ch.toLowerCase())).join("");
    return { code, text: before.join("") + cased.replace(/ /g, () => inner.next().value) + after.join("") };
  });
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ maxLength: 300 }),
  fc
    .tuple(fc.constantFrom(...spellings), fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }))
    .map(([{ s }, a, b]) => a + s + b), // near misses
  fc
    .tuple(fc.constantFrom(...spellings), fc.constantFrom(...CATEGORY_CODES), space)
    .map(([{ s }, c, sp]) => `${s}${sp}(${c})`), // maybe mismatched suffix
  fc
    .tuple(fc.constantFrom(" ", "(", "((", " (UPR)", "\t(", ")"), fc.integer({ min: 1, max: 50_000 }))
    .map(([p, n]) => p.repeat(n)), // long runs
);

describe("fuzz: category normaliser", () => {
  it(
    "any string: one of the nine codes or null; idempotent and case-insensitive",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(anyText, async (raw) => {
          const code = await normalize(raw);
          if (code === null) return;
          expect(CATEGORY_CODES).toContain(code);
          expect(await normalize(code)).toBe(code);
          expect(await normalize(CATEGORIES[code].name)).toBe(code);
          expect(await normalize(raw.toUpperCase())).toBe(code);
          expect(await normalize(raw.toLowerCase())).toBe(code);
        }),
        fuzzParams(300, PROPS),
      );
    },
  );

  it(
    "every accepted spelling survives case, whitespace and a matching (CODE) suffix; a mismatched suffix is rejected",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          disguised,
          fc.constantFrom(...CATEGORY_CODES),
          fc.boolean(),
          async ({ code, text }, suffix, lower) => {
            expect(await normalize(text)).toBe(code);
            const tagged = `${text} (${lower ? suffix.toLowerCase() : suffix})`;
            // "Name (CODE)" must agree; a bare code with its own code as suffix agrees too.
            expect(await normalize(tagged)).toBe(suffix === code ? code : null);
          },
        ),
        fuzzParams(300, PROPS),
      );
    },
  );

  it(
    "the validator accepts a category exactly when the normaliser does, else explains with every allowed name",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            anyText.filter((s) => s.length < 2_000),
            disguised.map((d) => d.text),
          ),
          async (category) => {
            const item = {
              question_text: "Q?",
              question_image: "",
              system_answer: "A",
              original_answer: "A",
              category,
            };
            const file = await box.run<ParsedFile>("validate", [
              JSON.stringify({ predictions: [item] }),
              { file: "prediction_dyadic.json", split: "dyadic" },
            ]);
            const code = await normalize(category);
            const rejection = file.issues.find((i) => i.code === "UNKNOWN_CATEGORY");
            if (code !== null) {
              expect(rejection).toBeUndefined();
              expect(file.items.map((i) => i.category)).toEqual([category]);
              return;
            }
            if (category.includes("\u0000")) return; // NULL_BYTE rejects it first
            expect(file.ok).toBe(false);
            expect(rejection).toMatchObject({ severity: "error", path: "/predictions/0/category" });
            expect(rejection!.message).toContain(category.slice(0, 100));
            for (const c of CATEGORY_CODES) expect(rejection!.fix).toContain(`"${CATEGORIES[c].name}" (${c})`);
          },
        ),
        fuzzParams(200, PROPS),
      );
    },
  );
});

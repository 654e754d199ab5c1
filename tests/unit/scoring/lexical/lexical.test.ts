import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_LEXICAL_OPTIONS,
  LEXICAL_VERSION,
  lexicalScores,
  tokenize,
} from "../../../../lib/scoring/lexical/index";
import { crExp, crLog } from "../../../../lib/scoring/lexical/cr-math";

const MODES = ["nltk", "whitespace"] as const;
const words = fc
  .array(
    fc.constantFrom(
      "apple",
      "Paris",
      "Dr.",
      "the",
      "it's",
      "3.14",
      "went",
      ",",
      ".",
      "\u2014",
      "\u201cx\u201d",
      "caf\u00e9",
    ),
    { maxLength: 12 },
  )
  .map((w) => w.join(" "));
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }), words);

describe.each(["3.5", "3.8"] as const)("lexicalScores (NLTK %s)", (nltk) => {
  it("scores a known pair like the oracle", () => {
    expect(lexicalScores("Dr. Smith went to Paris.", "dr. smith travelled to paris", { nltk })).toEqual({
      precision: 0.75,
      recall: 0.75,
      f1: 0.75,
      bleu1: 0.8,
    });
    expect(LEXICAL_VERSION).toMatch(/^lex-\d+$/);
  });

  it("gives zeros when both answers are empty", () => {
    expect(lexicalScores("  ", "", { nltk })).toEqual({ precision: 0, recall: 0, f1: 0, bleu1: 0 });
  });

  it("keeps every metric in [0, 1] and F1 between min and max of P and R", () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom(...MODES), (p, r, mode) => {
        const s = lexicalScores(p, r, { tokenizer: mode, nltk });
        for (const v of Object.values(s)) expect(v >= 0 && v <= 1).toBe(true);
        expect(s.f1).toBeGreaterThanOrEqual(Math.min(s.precision, s.recall) - 1e-15);
        expect(s.f1).toBeLessThanOrEqual(Math.max(s.precision, s.recall) + 1e-15);
      }),
      { numRuns: 400 },
    );
  });

  it("gives 1 for identical answers with at least one content token", () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...MODES), (t, mode) => {
        fc.pre(tokenize(t, { mode, nltk, removeStopwords: true }).length > 0);
        expect(lexicalScores(t, t, { tokenizer: mode, nltk })).toEqual({ precision: 1, recall: 1, f1: 1, bleu1: 1 });
      }),
      { numRuns: 400 },
    );
  });

  it("whitespace tokenization is idempotent on its own output", () => {
    fc.assert(
      fc.property(text, fc.boolean(), (t, removeStopwords) => {
        const once = tokenize(t, { mode: "whitespace", nltk, removeStopwords });
        expect(tokenize(once.join(" "), { mode: "whitespace", nltk, removeStopwords })).toEqual(once);
      }),
      { numRuns: 400 },
    );
  });
});

describe("BLEU-1 of a one-token prediction (values from the oracle)", () => {
  it("is 0 in NLTK 3.5 (method4 divides by log(1) and the script catches the error), bp * 1 in 3.8", () => {
    expect(lexicalScores("yes", "yes she did", { nltk: "3.5" }).bleu1).toBe(0);
    expect(lexicalScores("yes", "yes she did", { nltk: "3.8" }).bleu1).toBe(0.1353352832366127);
    expect(lexicalScores("yes", "yes she did", { nltk: "3.5", tokenizer: "whitespace" }).bleu1).toBe(0);
  });

  it("is 1 for identical one-token lists in both (the script checks before calling NLTK)", () => {
    for (const nltk of ["3.5", "3.8"] as const) expect(lexicalScores("Yes.", "yes", { nltk }).bleu1).toBe(1);
  });

  it("follows NLTK 3.5, the benchmark's pin, by default", () => {
    expect(DEFAULT_LEXICAL_OPTIONS.nltk).toBe("3.5");
    expect(lexicalScores("yes", "yes she did")).toEqual(lexicalScores("yes", "yes she did", { nltk: "3.5" }));
  });
});

describe("correctly rounded exp/log", () => {
  // Reference values: Python Decimal (50 digits), rounded to double.
  it("matches correctly rounded values where V8 and glibc differ", () => {
    expect(crLog(4 / 37)).toBe(-2.2246235515243336);
    expect(crExp(-2.2246235515243336)).toBe(0.10810810810810814);
    expect(crLog(0.839622641509434)).toBe(-0.17480272437992725);
    expect(crExp(-1.376991968457577)).toBe(0.25233644859813087);
  });

  it("stays within one ulp of Math.log / Math.exp", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-300, max: 1e300, noNaN: true }),
        fc.double({ min: -700, max: 700, noNaN: true }),
        (x, a) => {
          expect(Math.abs(crLog(x) - Math.log(x))).toBeLessThanOrEqual(Math.abs(Math.log(x)) * 2.3e-16);
          expect(Math.abs(crExp(a) - Math.exp(a))).toBeLessThanOrEqual(Math.exp(a) * 2.3e-16);
        },
      ),
    );
  });
});

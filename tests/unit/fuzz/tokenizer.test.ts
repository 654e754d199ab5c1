// Fuzzing the lexical tokenizer and metrics (lib/scoring/lexical) with any Unicode text: astral
// characters, control characters, long runs of punctuation, very long words, abbreviation-dense
// text. Properties: no throw, each call finishes within the time box (catches quadratic scans and
// regex backtracking), tokens are non-empty strings, metrics are in [0, 1], and a text scored
// against itself gets P = R = F1 = 1 when it has a content token (BLEU-1 = 1 with any token); in
// both NLTK modes, which agree where they must (whitespace tokens; BLEU-1 but of one token).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LexicalScores, NltkVersion, TokenizerMode } from "@/lib/scoring/types";
import { fuzzParams, fuzzTimeout } from "./fuzz-config";
import { timeBoxFor } from "./time-box";

type Tokens = { content: string[]; all: string[] };
type Case = { pred: Tokens; ref: Tokens; scores: LexicalScores; reversed: LexicalScores; self: LexicalScores };
type Versions = Record<NltkVersion, Case>;

const PROPS = 2;
const box = timeBoxFor("lexical tokenizer");

const PUNCT = [
  ..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
  "\u2013",
  "\u2014",
  "\u2026",
  "\u201c",
  "\u201d",
  "\u2018",
  "\u2019",
  "``",
  "''",
  "--",
  "...",
];
const piece = fc.oneof(
  fc.constantFrom(
    "Mr.",
    "e.g.",
    "U.S.",
    "Dr",
    "i.e.",
    "St.",
    "No.",
    "3.14",
    "1,000",
    "can't",
    "gonna",
    "o'clock",
    "'s",
    "n't",
    "A.",
    "b.",
    "...",
    "?!",
    "Ms",
    "etc.",
  ),
  fc.constantFrom(
    "the",
    "a",
    "memory",
    "Alice",
    "camera",
    "2024",
    "cat",
    "ran",
    "\u00e9t\u00e9",
    "na\u00efve",
    "\u03a3\u03bf\u03c6\u03af\u03b1",
    "\u0130stanbul",
    "stra\u00dfe",
    "\u65e5\u672c",
    "\ud83d\ude00",
    "\ud835\udc00\ud835\udc01",
    "\u0301",
  ),
  fc.constantFrom(...PUNCT),
  fc.constantFrom(
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\u00a0",
    "\u2028",
    "\u3000",
    "\u000b",
    "\u001f",
    "\u0000",
    "\u007f",
    "\u200b",
    "\ufeff",
  ),
  fc.string({ unit: "binary", maxLength: 4 }),
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.array(piece, { maxLength: 40 }).map((ps) => ps.join("")) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 100 }) },
  // Long inputs: linear code takes milliseconds here, quadratic code takes seconds.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(fc.constantFrom(...PUNCT), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 60_000 }))
      .map(([p, n]) => p.join("").repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "\ud83d\ude00", "x1", "ab-", "e."), fc.integer({ min: 1, max: 50_000 }))
      .map(([w, n]) => w.repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 4_000 }))
      .map(([ps, n]) => ps.join(" ").repeat(n)),
  },
);
const mode = fc.constantFrom<TokenizerMode>("nltk", "whitespace");

const describeText = (s: string) =>
  `${JSON.stringify(s.slice(0, 120))}${s.length > 120 ? `... (${s.length} chars)` : ""}`;

function inUnitRange(s: LexicalScores): void {
  for (const v of Object.values(s)) {
    expect(Number.isFinite(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
  }
}

function wellFormed(t: Tokens): void {
  for (const tok of [...t.content, ...t.all]) {
    expect(typeof tok).toBe("string");
    expect(tok.length).toBeGreaterThan(0);
  }
  // Removing stopwords only removes tokens.
  expect(t.content.length).toBeLessThanOrEqual(t.all.length);
}

/**
 * Runs a case in the time box, in both NLTK modes. They tokenize alike with str.split (whitespace
 * mode), so there only BLEU-1 of a one-token prediction may differ (NLTK 3.5 scores it 0).
 */
async function lexicalCase(pred: string, ref: string, m: TokenizerMode, label: () => string): Promise<Case[]> {
  const cases = await box.run<Versions>("lexical", [pred, ref, m], label);
  if (m === "whitespace") {
    const [v35, v38] = [cases["3.5"], cases["3.8"]];
    expect(v35.pred).toStrictEqual(v38.pred);
    expect(v35.ref).toStrictEqual(v38.ref);
    expect(v35.self).toStrictEqual(v38.self);
    for (const [a, b, hyp] of [
      [v35.scores, v38.scores, v38.pred],
      [v35.reversed, v38.reversed, v38.ref],
    ] as const) {
      expect({ ...a, bleu1: 0 }).toStrictEqual({ ...b, bleu1: 0 });
      if (hyp.all.length !== 1) expect(a.bleu1).toBe(b.bleu1);
      else if (a.bleu1 !== b.bleu1) expect(a.bleu1).toBe(0);
    }
  }
  return [cases["3.5"], cases["3.8"]];
}

describe("fuzz: lexical tokenizer and metrics", () => {
  it(
    "terminates on any text, tokens are non-empty, metrics in [0, 1] and symmetric, self-score is 1",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(text, text, mode, async (pred, ref, m) => {
          for (const r of await lexicalCase(
            pred,
            ref,
            m,
            () => `${m}: pred ${describeText(pred)}, ref ${describeText(ref)}`,
          )) {
            wellFormed(r.pred);
            wellFormed(r.ref);
            inUnitRange(r.scores);
            inUnitRange(r.self);
            // Set precision of (a, b) is the recall of (b, a); F1 is symmetric.
            expect(r.reversed.precision).toBe(r.scores.recall);
            expect(r.reversed.recall).toBe(r.scores.precision);
            expect(r.reversed.f1).toBe(r.scores.f1);
            if (r.pred.content.length > 0) expect(r.self).toMatchObject({ precision: 1, recall: 1, f1: 1 });
            else expect(r.self).toMatchObject({ precision: 0, recall: 0, f1: 0 });
            expect(r.self.bleu1).toBe(r.pred.all.length > 0 ? 1 : 0);
          }
        }),
        fuzzParams(40, PROPS),
      );
    },
  );

  it(
    "a text and a mutation of it: shared content tokens give a positive F1",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(text, fc.array(piece, { maxLength: 6 }), mode, async (base, extra, m) => {
          const ref = `${base} ${extra.join("")}`;
          for (const r of await lexicalCase(
            base,
            ref,
            m,
            () => `${m}: ${describeText(base)} vs ${describeText(ref)}`,
          )) {
            inUnitRange(r.scores);
            const shared = r.pred.content.some((t) => r.ref.content.includes(t));
            expect(r.scores.f1 > 0).toBe(shared);
          }
        }),
        fuzzParams(100, PROPS),
      );
    },
  );
});

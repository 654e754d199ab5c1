// The fast engine's single-pass word scanner (lib/scoring/lexical/fast/assembly/words.ts) must give
// exactly the reference rule pipeline's tokens whenever it does not decline, on the parity vectors
// and on random text that is dense in the characters the rules care about; and the engine as used
// (sentences, scanner, the pipeline for declined sentences) must give the reference tokens.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentences } from "@/lib/scoring/lexical/punkt";
import { normalizeText } from "@/lib/scoring/lexical/py-text";
import { fastRawTokens, scanSentence } from "@/lib/scoring/lexical/fast";
import { wordTokenize } from "@/lib/scoring/lexical/word-tokenizer";

/** The module's scanner on a sentence (null if it declined); as a piece of a longer text too. */
function fast(sentence: string): string[] | null {
  return scanSentence(sentence);
}

/** Compare on every Punkt sentence and on the whole normalized text; returns [fast, total]. */
function check(text: string): [number, number] {
  const norm = normalizeText(text);
  // End to end: the tokenizer as used (sentence ranges + scanner + the pipeline) vs the reference.
  expect(fastRawTokens(text, "nltk"), JSON.stringify(text)).toEqual(sentences(norm).flatMap((s) => wordTokenize(s)));
  let used = 0;
  let total = 0;
  for (const s of [...sentences(norm), ...(norm ? [norm] : [])]) {
    total++;
    const got = fast(s);
    if (got === null) continue;
    used++;
    expect(got, JSON.stringify(s)).toEqual(wordTokenize(s));
  }
  return [used, total];
}

// Biased alphabet: the characters the tokenizer rules treat specially, clitic endings and
// contraction pieces, digits, and a few Unicode letters, digits, quotes and dashes.
const PIECES = [
  "a", "b", "n", "t", "s", "m", "d", "x", "A", "N", "T", "z", "0", "1", "9", " ", " ", " ", "  ", "\t", "\n",
  ".", ".", "..", "...", ",", ",", ":", ";", "?", "!", "'", "'", "''", '"', "`", "-", "--", "(", ")", "[", "]",
  "{", "}", "<", ">", "*", "@", "#", "$", "%", "&", "/", "_", "=", "+",
  "'s", "'m", "'d", "'ll", "'re", "'ve", "n't", "can", "not", "cannot", "gonna", "gimme", "wanna", "'tis",
  "'twas", "d'ye", "more'n", "dr.", "e.g.", "u.s.", "mr.", "no.", "3.5", "1,000", "10:30",
  "\u00e9", "\u00df", "\u0130", "\u017f", "\u03a3", "\u0663", "\u2013", "\u2014", "\u2026", "\u201c", "\u201d",
  "\u2018", "\u2019", "\u00ab", "\u00bb", "\u201e", "\u00a0", "\u4e2d", "\ud83d\ude00",
];
const biasedText = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join(""));
// Mostly ordinary words and punctuation, so that the scanner accepts often.
const COMMON = [
  "the", "cat", "it's", "don't", "we'll", "y'all", "x'a", "a'bc", "'ab", "ab'", "o'k", "can't", "n't", "'s", "'t", "'",
  "''", '"', '"', 'the."', '"the', "2,5", "3.14", "e.g.", "a.", ".", "..", "(a)", ")", "[", ",", ":", ";", "!", "?",
  "x-y", "a/b", "1", "d", "\u00e9", "\u017f",
  // Curly and angle quotes, which the scanner pads like brackets.
  "\u201c", "\u201d", "\u2018", "\u2019", "\u00ab", "\u00bb", "\u201e", "\u201a", "the.\u201d", "\u201cthe", "it\u2019s", 'a.\u2019"',
  "chang'an's", "a'bc'de", "'abc's", "x'yzn't", "d'ye's", "ab'cd'", "x'a'bc", "a'll's", "a'Re'm", "a'lln't", "a'll'll",
];
const commonText = fc.array(fc.constantFrom(...COMMON, " ", " ", " "), { maxLength: 30 }).map((a) => a.join(""));

describe("the fast engine's word scanner equals the rule pipeline", { timeout: 120_000 }, () => {
  it("on every sentence of the parity vectors, and accepts most of them", () => {
    const rows = readFileSync(new URL("../../../../fixtures/lexical/parity-vectors.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { pred: string; ref: string });
    let used = 0;
    let total = 0;
    for (const r of rows) {
      for (const text of [r.pred, r.ref]) {
        const [u, t] = check(text);
        used += u;
        total += t;
      }
    }
    expect(total).toBeGreaterThan(15_000);
    expect(used / total).toBeGreaterThan(0.5);
  });

  it("on random text from a biased alphabet", () => {
    fc.assert(fc.property(biasedText, (t) => void check(t)), { numRuns: 10_000 });
  });

  it("on random text of common words, quotes and punctuation (often accepted)", () => {
    let used = 0;
    let total = 0;
    fc.assert(
      fc.property(commonText, (t) => {
        const [u, n] = check(t);
        used += u;
        total += n;
      }),
      { numRuns: 5_000 },
    );
    expect(used / total).toBeGreaterThan(0.25); // the comparisons must not be vacuous
  });

  it("splits the usual cases as NLTK does", () => {
    expect(fast("it's 1,000 (10%), isn't it?")).toEqual(["it", "'s", "1,000", "(", "10", "%", ")", ",", "is", "n't", "it", "?"]);
    expect(fast("see e.g. 3.5... ok.")).toEqual(["see", "e.g.", "3.5", "...", "ok", "."]);
    expect(fast('say "hi" ("x").')).toEqual(["say", "``", "hi", "''", "(", "``", "x", "''", ")", "."]);
    expect(fast("y'all chang'an 'this box', 'it'.")).toEqual(["y'all", "chang'an", "'this", "box", "'", ",", "'it", "'", "."]);
    expect(fast("a -- b---c----")).toEqual(["a", "--", "b", "--", "-c", "--", "--"]);
    expect(fast("i cannot, gonna (wanna) lemme")).toEqual(["i", "can", "not", ",", "gon", "na", "(", "wan", "na", ")", "lem", "me"]);
    expect(fast("xingren's-treatment a'x_y it's,5")).toEqual(["xingren's-treatment", "a'x_y", "it's,5"]);
    // Declined: backticks, and contraction letters the rules would split inside a longer token.
    expect(fast("a `b")).toBeNull();
    expect(fast("x-cannot")).toBeNull();
    expect(fast("more'n 'tis")).toBeNull();
    expect(fast("x'a-b")).toBeNull(); // the quote rule splits "'a" before a non-word character
  });
});

// The fast engine's own contract, beyond the differential and parity tests (which hold its
// numbers to the reference engine): batches of every size give what single pairs give, and the
// pairs it declines are scored by the fallback it is given, nothing else. (Its binary is the build
// of its sources: tests/unit/scoring/wasm-binaries.test.ts.)
import { describe, expect, it } from "vitest";
import { fastScorePairs, moduleRawTokens, scoresAt, wasmEngine } from "@/lib/scoring/lexical/fast";
import { lexicalScores } from "@/lib/scoring/lexical";
import { referenceRawTokens } from "@/lib/scoring/lexical/reference";

const ZERO = { precision: 0, recall: 0, f1: 0, bleu1: 0 };

describe("fast lexical engine (WebAssembly)", { timeout: 120_000 }, () => {
  it("loads, and scores pairs in a batch as one by one", () => {
    expect(wasmEngine()).not.toBeNull();
    const preds = ["The cat sat on the mat.", "", "Dr. Wu met Mr. Li at 3.5 p.m. today.", "It's \u201cfine\u201d \u2014 isn't it?", "\u4e2d\u6587 answer"];
    const refs = ["A cat sat.", "nothing", "Dr. Wu met Li.", "It is fine, isn't it", "\u4e2d\u6587"];
    const batch = fastScorePairs(preds, refs, "nltk", "new", () => ZERO);
    preds.forEach((p, i) => expect(scoresAt(batch, i)).toEqual(lexicalScores(p, refs[i], { engine: "reference" })));
  });

  it("hands exactly the pairs it declines to the fallback, in order", () => {
    // Capital sigma (context-dependent lowercase) and U+FFFD (maybe a lone surrogate) are declined.
    const preds = ["plain answer", "\u03a3\u039f\u03a6\u0399\u0391 sigma", "another one", "lone \ud800 surrogate"];
    const refs = ["plain", "sigma", "one", "surrogate"];
    const seen: string[] = [];
    const out = fastScorePairs(preds, refs, "nltk", "new", (p, r) => {
      seen.push(`${p}|${r}`);
      return { precision: 0.5, recall: 0.5, f1: 0.5, bleu1: 0.5 };
    });
    expect(seen).toEqual([`${preds[1]}|${refs[1]}`, `${preds[3]}|${refs[3]}`]);
    expect(scoresAt(out, 1).f1).toBe(0.5);
    expect(scoresAt(out, 0)).toEqual(lexicalScores(preds[0], refs[0], { engine: "reference" }));
  });

  it("sentences its scanner declines go through the rule pipeline (backticks, --, contractions)", () => {
    for (const text of ["``Quoted,'' she said -- lemme see.", "We cannot go; gonna wait.", "A 'quote' here ''"]) {
      expect(moduleRawTokens(text, "nltk")).toEqual(referenceRawTokens(text, "nltk"));
    }
  });

  it("a batch larger than one chunk of text", () => {
    const n = 3_000;
    const preds = Array.from({ length: n }, (_, i) => `answer ${i} ${"word ".repeat(80)}`);
    const refs = Array.from({ length: n }, (_, i) => `reference ${i % 7} word`);
    const batch = fastScorePairs(preds, refs, "whitespace", "old", () => ZERO);
    for (const i of [0, 1, n / 2, n - 1]) expect(scoresAt(batch, i)).toEqual(lexicalScores(preds[i], refs[i], { tokenizer: "whitespace", stopwords: "old", engine: "reference" }));
  });
});

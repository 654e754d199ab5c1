// The reference cache (lib/scoring/lexical/ref-cache.ts) must be invisible in the results: scores
// from cached references equal the oracle's and the uncached ones, also when the id table is
// emptied between the caching and the reuse.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clearRefCache, lexicalScores } from "@/lib/scoring/lexical";
import { scorePair } from "@/lib/scoring/lexical/metrics";
import { filterTokens, rawTokens, stopwordSet } from "@/lib/scoring/lexical/tokenize";
import type { LexicalOptions } from "@/lib/scoring/types";

type Row = { pred: string; ref: string; nltk: number[]; whitespace_old: number[] };
const rows: Row[] = readFileSync(new URL("../../../fixtures/lexical/parity-vectors.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l));
const metrics = (s: { precision: number; recall: number; f1: number; bleu1: number }) => [s.precision, s.recall, s.f1, s.bleu1];

/** Scores straight from token strings: no id table, no cache. */
function uncached(pred: string, ref: string, opts: LexicalOptions): number[] {
  const f = (t: string) => filterTokens(rawTokens(t, opts.tokenizer), false);
  return metrics(scorePair(f(pred), f(ref), stopwordSet(opts.stopwords)));
}

describe("reference cache", { timeout: 120_000 }, () => {
  it("gives the oracle's scores on the first and on repeated passes, with modes and lists interleaved", () => {
    clearRefCache();
    const configs: Array<[keyof Row, LexicalOptions]> = [
      ["nltk", { tokenizer: "nltk", stopwords: "new" }],
      ["whitespace_old", { tokenizer: "whitespace", stopwords: "old" }],
    ];
    for (let pass = 0; pass < 3; pass++) {
      const bad: number[] = [];
      rows.forEach((r, i) => {
        for (const [key, opts] of configs) {
          // Every reference is also scored against a different prediction, as in a real key.
          if (!metrics(lexicalScores(r.pred, r.ref, opts)).every((v, k) => Object.is(v, (r[key] as number[])[k]))) bad.push(i);
          const other = rows[(i * 7919) % rows.length].pred;
          expect(metrics(lexicalScores(other, r.ref, opts))).toEqual(uncached(other, r.ref, opts));
        }
      });
      expect(bad.slice(0, 10), `pass ${pass}`).toEqual([]);
    }
  });

  it("stays exact when the id table is emptied while references are cached", () => {
    clearRefCache();
    const opts: LexicalOptions = { tokenizer: "nltk", stopwords: "new" };
    const keyRefs = rows.slice(0, 300).map((r) => r.ref);
    for (const ref of keyRefs) lexicalScores("warm the cache", ref, opts);
    // Predictions full of new tokens overflow the table (2^17 ids) several times, also in the middle
    // of pairs whose reference is cached.
    let k = 0;
    const junk = (n: number) => Array.from({ length: n }, () => `w${(k++).toString(36)}`).join(" ");
    for (let round = 0; round < 3; round++) {
      keyRefs.forEach((ref, i) => {
        const pred = `${rows[(i * 31 + round) % rows.length].pred} ${junk(500 + (i % 7) * 100)}`;
        expect(metrics(lexicalScores(pred, ref, opts))).toEqual(uncached(pred, ref, opts));
        expect(metrics(lexicalScores(ref, ref, opts))).toEqual(uncached(ref, ref, opts));
      });
    }
  });

  it("stays exact when long tokens exhaust the table's character budget", () => {
    clearRefCache();
    const opts: LexicalOptions = { tokenizer: "nltk", stopwords: "new" };
    const keyRefs = rows.slice(300, 400).map((r) => r.ref);
    for (const ref of keyRefs) lexicalScores("warm the cache", ref, opts);
    // 2^23 characters of never-seen tokens: about 1,700 predictions of one 5,000-letter word.
    for (let i = 0; i < 2200; i++) {
      const ref = keyRefs[i % keyRefs.length];
      const pred = `${i.toString(36)}${"x".repeat(5000)} ${ref} ${rows[i % rows.length].pred}`;
      expect(metrics(lexicalScores(pred, ref, opts))).toEqual(uncached(pred, ref, opts));
    }
  });
});

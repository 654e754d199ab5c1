// The speed layer's contract (lib/scoring/lexical/fast/): for every input, the "fast" engine gives
// exactly what the plain "reference" engine gives (tokens, and all four metrics with Object.is),
// on every fixture pair, in batches and one by one, and on generated text dense in what the fast
// paths special-case, including pairs that overflow the token table and pairs too large for it.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clearLexicalCaches, lexicalScores, scoresAt, serialLexical, tokenize } from "@/lib/scoring/lexical";
import type { LexicalOptions, LexicalScores, TokenizerMode } from "@/lib/scoring/types";

const CONFIGS: LexicalOptions[] = [
  { tokenizer: "nltk", stopwords: "new" },
  { tokenizer: "nltk", stopwords: "old" },
  { tokenizer: "whitespace", stopwords: "new" },
  { tokenizer: "whitespace", stopwords: "old" },
];
const metrics = (s: LexicalScores) => [s.precision, s.recall, s.f1, s.bleu1];
const same = (a: number[], b: number[]) => a.every((v, i) => Object.is(v, b[i]));

const SPEED_ENGINES = ["fast"] as const;

/** First difference between a speed engine and the reference engine on a pair, or null. */
function differs(pred: string, ref: string, opts: LexicalOptions): string | null {
  const reference = metrics(lexicalScores(pred, ref, { ...opts, engine: "reference" }));
  for (const engine of SPEED_ENGINES) {
    const got = metrics(lexicalScores(pred, ref, { ...opts, engine }));
    if (!same(got, reference)) return `${opts.tokenizer}/${opts.stopwords} ${JSON.stringify([pred.slice(0, 80), ref.slice(0, 80)])}: ${engine} ${got} reference ${reference}`;
  }
  return null;
}

function tokensDiffer(text: string, mode: TokenizerMode): string | null {
  for (const removeStopwords of [false, true]) {
    const reference = tokenize(text, { mode, removeStopwords, engine: "reference" });
    for (const engine of SPEED_ENGINES) {
      const got = tokenize(text, { mode, removeStopwords, engine });
      if (JSON.stringify(got) !== JSON.stringify(reference)) return `${mode} ${engine} ${JSON.stringify(text.slice(0, 80))}: ${JSON.stringify(got)} vs ${JSON.stringify(reference)}`;
    }
  }
  return null;
}

const rows = ["parity-vectors.jsonl", "fastpath-vectors.jsonl", "known-differences.jsonl"].flatMap((name) =>
  readFileSync(new URL(`../../../fixtures/lexical/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { pred: string; ref: string }),
);

// Characters and pieces the tokenizer rules and the fast scanner treat specially.
const PIECES = [
  "a", "b", "n", "t", "s", "x", "A", "N", "T", "0", "1", " ", " ", " ", "  ", "\t", "\n", "\u00a0",
  ".", ".", "..", "...", ",", ":", ";", "?", "!", "'", "''", '"', "`", "-", "--", "(", ")", "[", "]", "{", "}", "<", ">",
  "*", "@", "#", "$", "%", "&", "/", "_", "'s", "'ll", "n't", "can", "not", "cannot", "gonna", "'tis", "d'ye",
  "dr.", "e.g.", "u.s.", "mr.", "no.", "3.5", "1,000", "the", "of", "myself", "chang'an's", "y'all",
  "\u00e9", "\u00df", "\u0130", "\u0131", "\u017f", "g\u0131mme", "'ti\u017f", "\u03a3", "\u0663", "\u2013", "\u2014", "\u2026", "\u201c", "\u201d", "\u2018", "\u2019",
  "\u00ab", "\u00bb", "\u201e", "\u201a", "\u4e2d", "\ud83d\ude00",
];
const text = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join("")) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
);

describe("fast engine = reference engine", { timeout: 180_000 }, () => {
  it("on every fixture pair, in all four configurations, tokens and metrics", () => {
    expect(rows.length).toBeGreaterThan(10_000);
    const bad: string[] = [];
    for (const r of rows) {
      for (const opts of CONFIGS) {
        const d = differs(r.pred, r.ref, opts);
        if (d) bad.push(d);
      }
      for (const mode of ["nltk", "whitespace"] as const) {
        const d = tokensDiffer(r.pred, mode) ?? tokensDiffer(r.ref, mode);
        if (d) bad.push(d);
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it("in batches (serialLexical, what the CLI and the worker call): every fixture pair at once, and batches of one", () => {
    for (const opts of CONFIGS) {
      const preds = rows.map((r) => r.pred);
      const refs = rows.map((r) => r.ref);
      const batch = serialLexical(preds, refs, opts);
      const bad: string[] = [];
      rows.forEach((r, i) => {
        const want = metrics(lexicalScores(r.pred, r.ref, { ...opts, engine: "reference" }));
        const got = metrics(scoresAt(batch, i));
        if (!same(got, want)) bad.push(`${opts.tokenizer}/${opts.stopwords} #${i}: ${got} vs ${want}`);
      });
      expect(bad.slice(0, 5)).toEqual([]);
      expect(serialLexical(preds.slice(0, 1), refs.slice(0, 1), opts)).toEqual(batch.slice(0, 4));
      expect(serialLexical([], [], opts)).toEqual(new Float64Array(0));
    }
  });

  it("on generated text", () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom(...CONFIGS), (pred, ref, opts) => {
        expect(differs(pred, ref, opts)).toBeNull();
        expect(differs(pred, pred, opts)).toBeNull();
        expect(tokensDiffer(pred, opts.tokenizer)).toBeNull();
      }),
      { numRuns: 4000 },
    );
  });

  it("when many distinct tokens overflow the token table, and on pairs too large for it", () => {
    clearLexicalCaches();
    const opts = CONFIGS[0];
    let k = 0;
    const junk = (n: number) => Array.from({ length: n }, () => `w${(k++).toString(36)}`).join(" ");
    // 2^17 ids: the table is emptied every ~130 of these pairs, with ids of earlier pairs in it.
    const refs = rows.slice(0, 40).map((r) => r.ref);
    for (let i = 0; i < 400; i++) {
      const ref = refs[i % refs.length];
      expect(differs(`${rows[i].pred} ${junk(1000)}`, ref, opts)).toBeNull();
    }
    // Past half the table (65,536 tokens) or 4M characters a pair is scored from strings.
    expect(differs(junk(70_000), `${junk(10)} ${rows[0].ref}`, opts)).toBeNull();
    expect(differs(`${"x".repeat(5_000_000)} y`, "y x", opts)).toBeNull();
  });
});

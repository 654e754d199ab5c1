// Bit-exact parity with the official script run with real NLTK (vectors made by
// scripts/oracle/gen-lexical-vectors.py with the Python oracle; see tests/fixtures/lexical/README.md),
// for both engines: the fast one (the default) and the plain reference.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LEXICAL_ENGINES, lexicalScores, tokenize } from "@/lib/scoring/lexical";
import type { LexicalOptions } from "@/lib/scoring/types";

type Row = {
  id: string;
  kind: string;
  pred: string;
  ref: string;
  nltk: number[];
  whitespace: number[];
  nltk_old: number[];
  whitespace_old: number[];
  nltk_tokens: [string[], string[]];
  whitespace_tokens: [string[], string[]];
};

// parity-vectors: golden, real, edge and fuzzed pairs; fastpath-vectors: the boundaries of the
// scorer's fast paths (scripts/oracle/gen-lexical-fastpath-vectors.py).
const rows: Row[] = ["parity-vectors.jsonl", "fastpath-vectors.jsonl"].flatMap((name) =>
  readFileSync(new URL(`../../../fixtures/lexical/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row),
);

const CONFIGS: Array<[keyof Row, LexicalOptions]> = [
  ["nltk", { tokenizer: "nltk", stopwords: "new" }],
  ["whitespace", { tokenizer: "whitespace", stopwords: "new" }],
  ["nltk_old", { tokenizer: "nltk", stopwords: "old" }],
  ["whitespace_old", { tokenizer: "whitespace", stopwords: "old" }],
];

describe.each(LEXICAL_ENGINES)("lexical parity with the NLTK oracle (%s engine)", { timeout: 120_000 }, (engine) => {
  it("has thousands of vectors of every kind", () => {
    expect(rows.length).toBeGreaterThan(9000);
    const kinds = new Set(rows.map((r) => r.kind));
    for (const k of ["golden", "edge_self", "fuzz", "char_fuzz", "real_other", "fastpath"]) expect(kinds).toContain(k);
  });

  for (const [key, opts] of CONFIGS) {
    it(`all four metrics are identical (===) in ${key} mode`, () => {
      const mismatches: string[] = [];
      for (const r of rows) {
        const s = lexicalScores(r.pred, r.ref, { ...opts, engine });
        const got = [s.precision, s.recall, s.f1, s.bleu1];
        const want = r[key] as number[];
        if (!got.every((v, i) => Object.is(v, want[i]))) mismatches.push(`${r.id}: ${got} != ${want}`);
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }

  for (const mode of ["nltk", "whitespace"] as const) {
    it(`BLEU token lists are identical in ${mode} mode`, () => {
      const mismatches: string[] = [];
      for (const r of rows) {
        const [wantPred, wantRef] = r[`${mode}_tokens`];
        const gotPred = tokenize(r.pred, { mode, removeStopwords: false, engine });
        const gotRef = tokenize(r.ref, { mode, removeStopwords: false, engine });
        if (JSON.stringify([gotPred, gotRef]) !== JSON.stringify([wantPred, wantRef])) mismatches.push(r.id);
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }
});

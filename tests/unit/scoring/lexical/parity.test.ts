// Bit-exact parity with the official script run with real NLTK, on 10,859 pairs in four
// configurations (tokenizer nltk/whitespace x stopwords new/old): the values of NLTK 3.8 in mode
// "3.8" (parity-vectors.jsonl, fastpath-vectors.jsonl; scripts/oracle/gen-lexical-vectors.py) and of
// NLTK 3.5, the pin, in mode "3.5" (parity-vectors-nltk35.jsonl, same pairs, same order).
import { describe, expect, it } from "vitest";
import { lexicalScores, tokenize } from "@/lib/scoring/lexical";
import type { NltkVersion, StopwordList, TokenizerMode } from "@/lib/scoring/types";
import { metricList, readFixture, sameMetrics } from "./fixtures";

type Config = "nltk" | "whitespace" | "nltk_old" | "whitespace_old";
type Tokens = [string[], string[]];
type Row38 = {
  id: string;
  kind: string;
  pred: string;
  ref: string;
  nltk_tokens: Tokens;
  whitespace_tokens: Tokens;
} & Record<Config, number[]>;
type Row35 = { id: string; nltk_tokens: Tokens | null } & Record<Config, number[]>;

// parity-vectors: golden, real, edge and fuzzed pairs; fastpath-vectors: the boundaries of the
// quick Punkt decision and the quote handling (scripts/oracle/gen-lexical-fastpath-vectors.py).
const rows = ["parity-vectors.jsonl", "fastpath-vectors.jsonl"].flatMap((name) => readFixture<Row38>(name));
const rows35 = readFixture<Row35>("parity-vectors-nltk35.jsonl");

const CONFIGS: Array<[Config, TokenizerMode, StopwordList]> = [
  ["nltk", "nltk", "new"],
  ["whitespace", "whitespace", "new"],
  ["nltk_old", "nltk", "old"],
  ["whitespace_old", "whitespace", "old"],
];

/** Expected metrics and BLEU token lists of row i under an NLTK version. */
function expected(i: number, nltk: NltkVersion, config: Config): number[] {
  return nltk === "3.8" ? rows[i][config] : rows35[i][config];
}
function expectedTokens(i: number, nltk: NltkVersion, mode: TokenizerMode): Tokens {
  // The 3.5 file lists nltk tokens only where they differ from 3.8's; str.split never differs.
  if (nltk === "3.5" && mode === "nltk") return rows35[i].nltk_tokens ?? rows[i].nltk_tokens;
  return rows[i][`${mode}_tokens`];
}

describe("the parity fixtures", () => {
  it("have thousands of vectors of every kind, the 3.5 file the same pairs in the same order", () => {
    expect(rows.length).toBeGreaterThan(10_000);
    const kinds = new Set(rows.map((r) => r.kind));
    for (const k of ["golden", "edge_self", "fuzz", "char_fuzz", "real_other", "fastpath"]) expect(kinds).toContain(k);
    expect(rows35.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // Not vacuous: the versions disagree on some metrics and some token lists.
    expect(rows35.filter((r) => r.nltk_tokens !== null).length).toBeGreaterThan(100);
    expect(rows35.filter((r, i) => !sameMetrics(r.nltk, rows[i].nltk)).length).toBeGreaterThan(50);
  });
});

describe.each(["3.5", "3.8"] as const)("lexical parity with NLTK %s", { timeout: 120_000 }, (nltk) => {
  for (const [config, tokenizer, stopwords] of CONFIGS) {
    it(`all four metrics are identical (Object.is) in ${config} mode`, () => {
      const mismatches: string[] = [];
      rows.forEach((r, i) => {
        const got = metricList(lexicalScores(r.pred, r.ref, { tokenizer, stopwords, nltk }));
        const want = expected(i, nltk, config);
        if (!sameMetrics(got, want)) mismatches.push(`${r.id}: ${got} != ${want}`);
      });
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }

  for (const mode of ["nltk", "whitespace"] as const) {
    it(`BLEU token lists are identical in ${mode} mode`, () => {
      const mismatches: string[] = [];
      rows.forEach((r, i) => {
        const got = [r.pred, r.ref].map((t) => tokenize(t, { mode, nltk, removeStopwords: false }));
        if (JSON.stringify(got) !== JSON.stringify(expectedTokens(i, nltk, mode))) mismatches.push(r.id);
      });
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }
});

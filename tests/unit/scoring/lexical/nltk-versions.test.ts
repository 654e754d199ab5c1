// NLTK 3.5 (the benchmark's pin) and NLTK 3.8, each bit-exact where they differ:
// - lexical-golden-nltk35-dev.jsonl: 1,580 vectors (the 1,303 golden dev pairs plus 277 short
//   answers): top-level metrics and tokens from NLTK 3.5, `nltk38` the metrics from NLTK 3.8;
// - nltk-version-vectors.jsonl: 2,596 pairs aimed at each rule that differs (gen-nltk-version-vectors.py
//   beside it), both versions in all four configurations, with the BLEU token lists.
import { describe, expect, it } from "vitest";
import { lexicalScores, tokenize } from "@/lib/scoring/lexical";
import type { NltkVersion, StopwordList, TokenizerMode } from "@/lib/scoring/types";
import { metricList, readFixture, sameMetrics } from "./fixtures";

type Metrics = { precision: number; recall: number; f1: number; bleu1: number };
type Golden = Metrics & {
  id: string;
  category: string;
  pred: string;
  ref: string;
  pred_tokens: string[];
  ref_tokens: string[];
  pred_tokens_bleu: string[];
  ref_tokens_bleu: string[];
  nltk38: Metrics;
};
type Config = "nltk" | "whitespace" | "nltk_old" | "whitespace_old";
type Tokens = [string[], string[]];
type Expected = Record<Config, number[]> & { nltk_tokens: Tokens; whitespace_tokens: Tokens };
type VersionRow = { id: string; kind: string; pred: string; ref: string; nltk35: Expected; nltk38: Expected };

const golden = readFixture<Golden>("lexical-golden-nltk35-dev.jsonl");
const versionRows = readFixture<VersionRow>("nltk-version-vectors.jsonl");
const list = (m: Metrics) => [m.precision, m.recall, m.f1, m.bleu1];

describe("NLTK 3.5 golden vectors (and their NLTK 3.8 metrics)", { timeout: 60_000 }, () => {
  it("include the short answers, where the versions disagree most", () => {
    expect(golden.length).toBe(1580);
    expect(golden.filter((r) => r.category === "short").length).toBe(277);
    expect(golden.filter((r) => !sameMetrics(list(r), list(r.nltk38))).length).toBeGreaterThan(100);
  });

  it("every vector's four metrics in mode 3.5 and in mode 3.8 (Object.is)", () => {
    const bad: string[] = [];
    for (const r of golden) {
      for (const [nltk, want] of [
        ["3.5", list(r)],
        ["3.8", list(r.nltk38)],
      ] as const) {
        const got = metricList(lexicalScores(r.pred, r.ref, { nltk }));
        if (!sameMetrics(got, want)) bad.push(`${r.id} (${nltk}): ${got} != ${want}`);
      }
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it("every vector's tokens in mode 3.5: content (P/R/F1) and BLEU lists", () => {
    const bad: string[] = [];
    for (const r of golden) {
      const tok = (text: string, removeStopwords: boolean) =>
        tokenize(text, { mode: "nltk", nltk: "3.5", removeStopwords });
      const got = [tok(r.pred, true), tok(r.ref, true), tok(r.pred, false), tok(r.ref, false)];
      if (JSON.stringify(got) !== JSON.stringify([r.pred_tokens, r.ref_tokens, r.pred_tokens_bleu, r.ref_tokens_bleu]))
        bad.push(r.id);
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });
});

const CONFIGS: Array<[Config, TokenizerMode, StopwordList]> = [
  ["nltk", "nltk", "new"],
  ["whitespace", "whitespace", "new"],
  ["nltk_old", "nltk", "old"],
  ["whitespace_old", "whitespace", "old"],
];

describe("vectors aimed at the differences between NLTK 3.5 and 3.8", { timeout: 60_000 }, () => {
  it("cover every kind of difference", () => {
    expect(versionRows.length).toBe(2596);
    const differ = (pick: (e: Expected) => unknown) =>
      versionRows.filter((r) => JSON.stringify(pick(r.nltk35)) !== JSON.stringify(pick(r.nltk38)));
    // Tokens (word-tokenizer rules and Punkt candidates) and BLEU-1 of one-token hypotheses.
    expect(differ((e) => e.nltk_tokens).length).toBeGreaterThan(100);
    expect(differ((e) => e.nltk_tokens).some((r) => r.kind === "punkt_mix")).toBe(true);
    expect(differ((e) => e.whitespace[3]).length).toBeGreaterThan(10);
  });

  describe.each(["3.5", "3.8"] as const)("NLTK %s", (nltk: NltkVersion) => {
    const key = nltk === "3.5" ? "nltk35" : "nltk38";
    for (const [config, tokenizer, stopwords] of CONFIGS) {
      it(`all four metrics in ${config} mode`, () => {
        const bad: string[] = [];
        for (const r of versionRows) {
          const got = metricList(lexicalScores(r.pred, r.ref, { tokenizer, stopwords, nltk }));
          if (!sameMetrics(got, r[key][config]))
            bad.push(`${r.id} ${JSON.stringify([r.pred, r.ref])}: ${got} != ${r[key][config]}`);
        }
        expect(bad.slice(0, 20)).toEqual([]);
      });
    }

    for (const mode of ["nltk", "whitespace"] as const) {
      it(`BLEU token lists in ${mode} mode`, () => {
        const bad: string[] = [];
        for (const r of versionRows) {
          const got = [r.pred, r.ref].map((t) => tokenize(t, { mode, nltk, removeStopwords: false }));
          if (JSON.stringify(got) !== JSON.stringify(r[key][`${mode}_tokens`]))
            bad.push(`${r.id} ${JSON.stringify(r.pred)}`);
        }
        expect(bad.slice(0, 20)).toEqual([]);
      });
    }
  });
});

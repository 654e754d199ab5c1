// Spawns the real launcher (`node bin/h2hmem.mjs score ...`) on the committed synthetic fixtures.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, runH2hmem as h2hmem } from "../../support/run-h2hmem";
import { lexicalScores } from "../../../lib/scoring";
import { datasetWithoutScenes } from "../../support/dataset-layouts";

const PRED = path.join(ROOT, "tests/fixtures/predictions");
const KEY = path.join(ROOT, "prisma/seed-data/dataset");
const GOOD_DY = path.join(PRED, "good/prediction_dyadic.json");
const GOOD_MP = path.join(PRED, "good/prediction_multiparty.json");
type Stat = { value: number; ciLow: number; ciHigh: number };
type SplitReport = {
  n: number;
  counts: Record<string, number | null>;
  micro: Record<string, Stat>;
  macro: Record<string, Stat>;
  mainTypes: Record<string, { n: number; micro: Record<string, Stat> }>;
  categories: Record<string, { n: number; name: string; micro: Record<string, Stat> }>;
};
type Report = {
  scorerVersion: string;
  tokenizer: string;
  splits: Record<string, SplitReport>;
  issues: Array<{ code: string; severity: string }>;
};
const items = (file: string) => JSON.parse(readFileSync(file, "utf8")).predictions as Array<Record<string, string>>;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("h2hmem score", () => {
  it("--json: per split and overall, micro/macro with breakdowns, matching per-question means", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "h2hmem-score-")), "pq.jsonl");
    const r = await h2hmem(
      "score",
      "--dyadic",
      GOOD_DY,
      "--multiparty",
      GOOD_MP,
      "--answer-key",
      KEY,
      "--json",
      "--per-question",
      out,
    );
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.scorerVersion).toMatch(/\+nltk35\+sw198\+key=[0-9a-f]{8}$/);
    expect(Object.keys(rep.splits)).toEqual(["dyadic", "multi-party", "overall"]);
    expect(rep.splits.dyadic.counts).toMatchObject({
      predictions: 35,
      scored: 35,
      matched: 35,
      unmatched: 0,
      unanswered: 0,
    });
    expect(rep.splits.overall.n).toBe(45);
    expect(Object.keys(rep.splits.overall.categories)).toEqual([
      "UPR",
      "CRR",
      "KR",
      "TR",
      "MCR",
      "RET",
      "TTL",
      "CD",
      "AR",
    ]);
    expect(rep.splits.overall.categories.MCR.name).toBe("Multimodal Causal Reasoning");
    expect(Object.keys(rep.splits["multi-party"].mainTypes)).toEqual(["RECALL", "REASONING", "APPLICATION"]);

    // Recompute the headline numbers by hand from the per-question file and the lexical metric.
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(45);
    expect(Object.keys(lines[0])).toEqual([
      "split",
      "index",
      "question_text",
      "category",
      "precision",
      "recall",
      "f1",
      "bleu1",
    ]);
    expect(lines.map((l) => `${l.split}/${l.index}`).slice(33, 37)).toEqual([
      "dyadic/33",
      "dyadic/34",
      "multi-party/0",
      "multi-party/1",
    ]);
    const dy = items(GOOD_DY);
    expect(lines[1].f1).toBe(lexicalScores(dy[1].system_answer, dy[1].original_answer).f1);
    for (const metric of ["precision", "recall", "f1", "bleu1"]) {
      expect(rep.splits.overall.micro[metric].value).toBeCloseTo(mean(lines.map((l) => l[metric])), 12);
      expect(rep.splits.dyadic.micro[metric].value).toBeCloseTo(
        mean(lines.filter((l) => l.split === "dyadic").map((l) => l[metric])),
        12,
      );
      const cats = [...new Set(lines.map((l) => l.category))];
      const macro = mean(cats.map((c) => mean(lines.filter((l) => l.category === c).map((l) => l[metric]))));
      expect(rep.splits.overall.macro[metric].value).toBeCloseTo(macro, 12);
      const s = rep.splits.overall.micro[metric];
      expect(s.ciLow).toBeLessThanOrEqual(s.value);
      expect(s.ciHigh).toBeGreaterThanOrEqual(s.value);
    }
  }, 60_000);

  it("perfect answers score 1 on every metric; the multi_party file name alias works", async () => {
    const r = await h2hmem(
      "score",
      "--dyadic",
      path.join(PRED, "perfect/prediction_dyadic.json"),
      "--multiparty",
      path.join(PRED, "perfect/prediction_multi_party.json"),
      "--answer-key",
      KEY,
      "--json",
      "--resamples",
      "100",
    );
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    for (const metric of ["precision", "recall", "f1", "bleu1"])
      expect(rep.splits.overall.micro[metric]).toEqual({ value: 1, ciLow: 1, ciHigh: 1 });
  }, 60_000);

  it("with the key: unanswered questions count 0, unmatched predictions are left out; without it, all are scored", async () => {
    const file = path.join(PRED, "with-warnings/prediction_dyadic.json");
    const keyed = JSON.parse((await h2hmem("score", "--dyadic", file, "--answer-key", KEY, "--json")).stdout) as Report;
    expect(keyed.splits.dyadic.counts).toEqual({
      predictions: 35,
      scored: 35,
      matched: 33,
      unmatched: 2,
      unanswered: 2,
      answerDiffers: 1,
    });
    expect(keyed.splits["multi-party"].counts).toMatchObject({ predictions: 0, scored: 10, unanswered: 10 });
    expect(keyed.splits["multi-party"].micro.f1.value).toBe(0);
    expect(keyed.issues.map((i) => i.code)).toEqual(
      expect.arrayContaining(["SPLIT_MISSING", "UNMATCHED_PREDICTION", "ANSWER_DIFFERS"]),
    );
    const local = JSON.parse((await h2hmem("score", "--dyadic", file, "--json")).stdout) as Report;
    expect(local.splits.dyadic.counts).toMatchObject({ predictions: 35, scored: 35, matched: null });
    expect(Object.keys(local.splits)).toEqual(["dyadic", "overall"]);
  }, 60_000);

  it("human output is a table; tokenizer and stopword options change the scorer version", async () => {
    const r = await h2hmem("score", "--dyadic", GOOD_DY, "--tokenizer", "whitespace", "--stopwords", "old");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/scorer lex-\d+\+whitespace-nltk35\+sw179/);
    expect(r.stdout).toMatch(/ALL micro\s+35\s+\d\.\d{4}/);
    expect(r.stdout).toContain("MCR Multimodal Causal Reasoning");
  }, 60_000);

  it("--nltk 3.5 (default) and 3.8: the version names the mode, and a one-token answer scores as that NLTK does", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "h2hmem-nltk-"));
    const file = path.join(dir, "prediction_dyadic.json");
    const item = items(GOOD_DY)[0];
    writeFileSync(
      file,
      JSON.stringify({ predictions: [{ ...item, original_answer: "yes she did", system_answer: "yes" }] }),
    );
    const run = async (...extra: string[]) => {
      const pq = path.join(dir, `pq${extra.join("")}.jsonl`);
      const r = await h2hmem("score", "--dyadic", file, "--json", "--per-question", pq, ...extra);
      expect(r.code, r.stderr).toBe(0);
      return {
        rep: JSON.parse(r.stdout) as Report & { nltk: string },
        row: JSON.parse(readFileSync(pq, "utf8")) as { bleu1: number },
      };
    };
    const pinned = await run();
    expect(pinned.rep.scorerVersion).toMatch(/^lex-\d+\+nltk35\+sw198$/);
    expect(pinned.rep.nltk).toBe("3.5");
    // NLTK 3.5's method4 divides by log(1) for a one-token hypothesis; the official script scores that 0.
    expect(pinned.row.bleu1).toBe(0);
    const today = await run("--nltk", "3.8");
    expect(today.rep.scorerVersion).toMatch(/^lex-\d+\+nltk38\+sw198$/);
    expect(today.row.bleu1).toBe(0.1353352832366127);
    expect((await h2hmem("score", "--dyadic", file, "--nltk", "3.6")).code).toBe(2);
  }, 60_000);

  it("--max-answer-chars rejects longer answers as validate does", async () => {
    const long = await h2hmem("score", "--dyadic", GOOD_DY, "--max-answer-chars", "3");
    expect(long.code).toBe(1);
    expect(long.stderr).toContain("ANSWER_TOO_LONG");
    expect((await h2hmem("score", "--dyadic", GOOD_DY, "--max-answer-chars", "0")).code).toBe(2);
  }, 60_000);

  it("refuses invalid or swapped files (exit 1) and bad usage (exit 2)", async () => {
    const bad = await h2hmem("score", "--dyadic", path.join(PRED, "errors/prediction_dyadic.json"));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("WRONG_TYPE");
    const swapped = await h2hmem(
      "score",
      "--dyadic",
      path.join(PRED, "swapped/prediction_dyadic.json"),
      "--multiparty",
      path.join(PRED, "swapped/prediction_multiparty.json"),
      "--answer-key",
      KEY,
    );
    expect(swapped.code).toBe(1);
    expect(swapped.stderr.split("\n")[1]).toContain("SPLIT_SWAPPED");
    expect((await h2hmem("score")).code).toBe(2);
    expect((await h2hmem("score", "--dyadic", GOOD_DY, "--tokenizer", "spacy")).code).toBe(2);
    expect((await h2hmem("score", "--dyadic", "/nope.json")).code).toBe(2);
    expect((await h2hmem("score", "--dyadic", GOOD_DY, "--answer-key", "/nonexistent-dir")).code).toBe(2);
    expect((await h2hmem("score", "--help")).stdout).toContain("--per-question");
  }, 120_000);

  it("--answer-key: the folder without scenes/ scores the same; another layout is named with what was expected", async () => {
    const args = ["score", "--dyadic", GOOD_DY, "--multiparty", GOOD_MP, "--json", "--resamples", "0"];
    const official = await h2hmem(...args, "--answer-key", KEY);
    const flat = await h2hmem(...args, "--answer-key", datasetWithoutScenes(KEY));
    expect(flat.code, flat.stderr).toBe(0);
    expect(JSON.parse(flat.stdout)).toEqual(JSON.parse(official.stdout));
    const bad = await h2hmem(...args, "--answer-key", path.join(KEY, "dyadic"));
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(
      /^h2hmem: --answer-key \S+: found dialogue1\/, dialogue2\/ in \S+, but no dyadic\/ or multi-party\/ folder .*expected <split>\/dialogueN\/scenes\/sessionK\/questions.json .* or <split>\/dialogueN\/sessionK\/questions.json/,
    );
  }, 120_000);

  it("scores 100,000 predictions", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "h2hmem-big-"));
    const base = items(GOOD_DY);
    const big = path.join(dir, "prediction_dyadic.json");
    writeFileSync(
      big,
      JSON.stringify({ predictions: Array.from({ length: 100_000 }, (_, i) => base[i % base.length]) }),
    );
    const r = await h2hmem(
      "score",
      "--dyadic",
      big,
      "--json",
      "--resamples",
      "200",
      "--per-question",
      path.join(dir, "pq.jsonl"),
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Report).splits.dyadic.n).toBe(100_000);
    expect(readFileSync(path.join(dir, "pq.jsonl"), "utf8").trim().split("\n")).toHaveLength(100_000);
  }, 240_000);
});

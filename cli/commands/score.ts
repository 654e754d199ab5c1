// `h2hmem score [--dyadic F] [--multiparty F] [--answer-key DIR] [--tokenizer nltk|whitespace]
//  [--stopwords new|old] [--per-question OUT.jsonl] [--json] [--no-cache]` — local scoring with
//  lib/scoring; pairs scored by an earlier run come from the lexical cache (../lexical-cache.ts).
import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Option, type Command } from "commander";
import type { PerQuestion, PredictionItem, ScoreInput, Split, StopwordList, TokenizerMode, ValidationIssue } from "../../lib/scoring";
import { CliExit, EXIT_INVALID, EXIT_OK, UsageError } from "../errors";
import { describeCommand } from "./catalog";

type Options = {
  dyadic?: string;
  multiparty?: string;
  answerKey?: string;
  tokenizer: TokenizerMode;
  stopwords: StopwordList;
  perQuestion?: string;
  json?: boolean;
  resamples: string;
  seed: string;
  threads: string;
  timings?: boolean;
  cache: boolean;
};

export function register(program: Command): void {
  program
    .command("score")
    .description(describeCommand("score"))
    .option("--dyadic <file>", "prediction_dyadic.json")
    .option("--multiparty <file>", "prediction_multiparty.json (or prediction_multi_party.json)")
    .option("--answer-key <dir>", "official dataset folder; without it the submitted original_answer is the reference")
    .addOption(new Option("--tokenizer <mode>", "lexical tokenizer").choices(["nltk", "whitespace"]).default("nltk"))
    .addOption(new Option("--stopwords <list>", "NLTK stopword list: new (198 words) or old (179)").choices(["new", "old"]).default("new"))
    .option("--per-question <out.jsonl>", "write one JSON line per prediction, in input order")
    .option("--resamples <n>", "bootstrap resamples for the confidence intervals", "1000")
    .option("--seed <n>", "bootstrap seed", "20260529")
    .option("--threads <n>", "threads that score (1 = none besides the main one); auto starts them for large files (4 MB or more); the numbers never depend on it", "auto")
    .option("--json", "print one JSON object instead of tables")
    .option("--timings", "print how long each stage took to stderr")
    .option("--no-cache", "compute every pair afresh: neither read nor write the lexical results kept from earlier runs")
    .action(async (opts: Options) => {
      throw new CliExit(await runScore(opts));
    });
}

type Runners = ScoreInput["runners"];
/** `--threads N` above this is a typo, not a machine: each thread costs a Node isolate's memory. */
const MAX_THREADS = 16;

function intOption(raw: string, name: string, min: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

// The scorer and its tables load here, when the command runs (not for --help or validate).
async function runScore(opts: Options): Promise<number> {
  if (!opts.dyadic && !opts.multiparty) throw new UsageError("give at least one of --dyadic FILE and --multiparty FILE");
  const resamples = intOption(opts.resamples, "--resamples", 0);
  const seed = intOption(opts.seed, "--seed", 0);
  if (opts.threads !== "auto" && intOption(opts.threads, "--threads", 1) > MAX_THREADS) throw new UsageError(`--threads must be at most ${MAX_THREADS}, got "${opts.threads}"`);
  const [{ threadCount }, { StageTimer }, { openLexicalCache }, { serialLexical }] = await Promise.all([import("../thread-count"), import("../stage-timer"), import("../lexical-cache"), import("../../lib/scoring")]);
  const threads = threadCount(opts.threads, inputBytes([opts.dyadic, opts.multiparty]));
  const startScorePool = threads > 1 ? (await import("../score-pool")).startScorePool : () => null;
  const timer = opts.timings ? new StageTimer() : null;
  timer?.lap("startup");
  // Threads start first: they load while this one reads and validates the files.
  const pool = startScorePool(threads);
  const cache = opts.cache ? openLexicalCache({ tokenizer: opts.tokenizer, stopwords: opts.stopwords }) : null;
  // The cache looks pairs up and hands the others to the pool (or this thread); the timer times both.
  const runners = cache ? { lexical: cache.wrap(pool?.lexical ?? serialLexical), bootstrap: pool?.bootstrap } : (pool ?? undefined);
  try {
    const code = await scoreFiles(opts, resamples, seed, timer ? timer.runners(runners) : runners, () => timer?.lap("read+validate"));
    if (code === EXIT_OK) cache?.save();
    return code;
  } finally {
    await pool?.close();
    if (timer) process.stderr.write(timer.report(pool ? threads : 1));
    if (timer && cache) process.stderr.write(`lexical cache: ${cache.stats().hits} of ${cache.stats().hits + cache.stats().misses} pairs from earlier runs\n`);
  }
}

function inputBytes(files: Array<string | undefined>): number {
  return files.reduce((sum, f) => {
    try {
      return sum + (f ? statSync(f).size : 0);
    } catch {
      return sum; // reading it reports the problem
    }
  }, 0);
}

async function scoreFiles(opts: Options, resamples: number, seed: number, runners: Runners | undefined, read: () => void): Promise<number> {
  const [{ hasErrors, scoreSubmission, splitForFileName }, { readAnswerKey, readPredictionFile }, { countBySeverity, formatIssues }, { renderScoreTables, scoreReport }] = await Promise.all([
    import("../../lib/scoring"),
    import("../io"),
    import("../format"),
    import("./score-report"),
  ]);
  const fail = (list: ValidationIssue[], json?: boolean): number => {
    if (json) process.stdout.write(JSON.stringify({ ok: false, issues: list }, null, 2) + "\n");
    else process.stderr.write(`Cannot score: the files have errors.\n${formatIssues(list, 100)}\n`);
    return EXIT_INVALID;
  };
  const key = opts.answerKey ? await readAnswerKey(opts.answerKey) : null;
  const files: Partial<Record<Split, PredictionItem[]>> = {};
  const fileNames: Partial<Record<Split, string>> = {};
  const issues: ValidationIssue[] = [];
  for (const [split, file] of [["dyadic", opts.dyadic], ["multi-party", opts.multiparty]] as const) {
    if (!file) continue;
    const parsed = await readPredictionFile(file, split);
    issues.push(...parsed.issues);
    fileNames[split] = parsed.file;
    files[split] = parsed.items;
    const named = splitForFileName(file);
    if (named && named !== split) {
      issues.push({ severity: "warning", code: "FILE_NAME_SPLIT", file: path.basename(file), path: "", message: `The file name says ${named} but it was given as ${split}.`, fix: `Check --dyadic / --multiparty.`, params: { named, split } });
    }
  }
  if (hasErrors(issues)) return fail(issues, opts.json);
  read();

  const result = scoreSubmission({ files, fileNames, answerKey: key?.questions, lexical: { tokenizer: opts.tokenizer, stopwords: opts.stopwords }, resamples, seed, runners });
  issues.push(...result.issues);
  if (hasErrors(issues)) return fail(issues, opts.json);
  if (opts.perQuestion) writePerQuestion(opts.perQuestion, result.perQuestion);

  const report = scoreReport(result, { answerKeyDigest: key?.digest ?? null, resamples, seed, tokenizer: opts.tokenizer, stopwords: opts.stopwords });
  if (opts.json) {
    process.stdout.write(JSON.stringify({ ...report, issues }, null, 2) + "\n");
  } else {
    process.stdout.write(renderScoreTables(report) + "\n");
    const counts = countBySeverity(issues);
    if (issues.length > 0) process.stderr.write(`\n${counts.warnings} warnings:\n${formatIssues(issues, 30)}\n`);
  }
  return EXIT_OK;
}

/**
 * One line per prediction (input order; unanswered key questions are not predictions), written
 * to OUT.tmp-PID and renamed to OUT: the file never holds a partial run.
 */
function writePerQuestion(out: string, perQuestion: PerQuestion[]): void {
  const lines: string[] = [];
  for (const p of perQuestion) {
    if (p.index === null) continue;
    lines.push(JSON.stringify({ split: p.split, index: p.index, question_text: p.questionText, category: p.category, precision: p.precision, recall: p.recall, f1: p.f1, bleu1: p.bleu1 }) + "\n");
  }
  const tmp = `${out}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, lines.join(""));
    renameSync(tmp, out);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new UsageError(`cannot write --per-question file ${out}: ${(err as Error).message}`);
  }
}

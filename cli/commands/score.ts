// `h2hmem score [--dyadic F] [--multiparty F] [--answer-key DIR] [--tokenizer nltk|whitespace]
//  [--stopwords new|old] [--per-question OUT.jsonl] [--json]` — local scoring with lib/scoring.
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { Option, type Command } from "commander";
import { scoreSubmissionCompact } from "../../lib/scoring/score-submission-compact";
import type { PerQuestion } from "../../lib/scoring/score-submission";
import { splitForFileName } from "../../lib/scoring/validate-file";
import { hasErrors, type ValidationIssue } from "../../lib/scoring/issues";
import type { ItemSource, Split, StopwordList, TokenizerMode } from "../../lib/scoring/types";
import { CliExit, EXIT_INVALID, EXIT_OK, UsageError } from "../errors";
import { readAnswerKey, readPredictionFile } from "../io";
import { countBySeverity, formatIssues } from "../format";
import { renderScoreTables, scoreReport } from "./score-report";

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
};

export function register(program: Command): void {
  program
    .command("score")
    .description("Score prediction files locally (precision, recall, F1, BLEU-1 with 95% bootstrap CIs).")
    .option("--dyadic <file>", "prediction_dyadic.json")
    .option("--multiparty <file>", "prediction_multiparty.json (or prediction_multi_party.json)")
    .option("--answer-key <dir>", "official dataset folder; without it the submitted original_answer is the reference")
    .addOption(new Option("--tokenizer <mode>", "lexical tokenizer").choices(["nltk", "whitespace"]).default("nltk"))
    .addOption(new Option("--stopwords <list>", "NLTK stopword list: new (198 words) or old (179)").choices(["new", "old"]).default("new"))
    .option("--per-question <out.jsonl>", "write one JSON line per prediction, in input order")
    .option("--resamples <n>", "bootstrap resamples for the confidence intervals", "1000")
    .option("--seed <n>", "bootstrap seed", "20260529")
    .option("--json", "print one JSON object instead of tables")
    .action(async (opts: Options) => {
      throw new CliExit(runScore(opts));
    });
}

function intOption(raw: string, name: string, min: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

function runScore(opts: Options): number {
  if (!opts.dyadic && !opts.multiparty) throw new UsageError("give at least one of --dyadic FILE and --multiparty FILE");
  const resamples = intOption(opts.resamples, "--resamples", 0);
  const seed = intOption(opts.seed, "--seed", 0);
  const key = opts.answerKey ? readAnswerKey(opts.answerKey) : null;
  const files: Partial<Record<Split, ItemSource>> = {};
  const fileNames: Partial<Record<Split, string>> = {};
  const issues: ValidationIssue[] = [];
  for (const [split, file] of [["dyadic", opts.dyadic], ["multi-party", opts.multiparty]] as const) {
    if (!file) continue;
    const parsed = readPredictionFile(file, split);
    issues.push(...parsed.issues);
    fileNames[split] = parsed.file;
    files[split] = parsed.items;
    const named = splitForFileName(file);
    if (named && named !== split) {
      issues.push({ severity: "warning", code: "FILE_NAME_SPLIT", file: path.basename(file), path: "", message: `The file name says ${named} but it was given as ${split}.`, fix: `Check --dyadic / --multiparty.` });
    }
  }
  if (hasErrors(issues)) return fail(issues, opts.json);

  const writer = opts.perQuestion ? new PerQuestionWriter(opts.perQuestion) : null;
  let result;
  try {
    result = scoreSubmissionCompact({ files, fileNames, answerKey: key?.questions, lexical: { tokenizer: opts.tokenizer, stopwords: opts.stopwords }, resamples, seed }, writer ? (p) => writer.add(p) : undefined);
  } catch (err) {
    writer?.abort();
    throw err;
  }
  // Files the streaming reader handed to the whole-file parser leave their items here: drop them.
  for (const split of Object.keys(files) as Split[]) delete files[split];
  issues.push(...result.issues);
  if (hasErrors(issues)) {
    writer?.abort();
    return fail(issues, opts.json);
  }
  writer?.commit();

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

function fail(issues: ValidationIssue[], json?: boolean): number {
  if (json) process.stdout.write(JSON.stringify({ ok: false, issues }, null, 2) + "\n");
  else process.stderr.write(`Cannot score: the files have errors.\n${formatIssues(issues, 100)}\n`);
  return EXIT_INVALID;
}

/**
 * Streams --per-question lines (one per prediction, input order) to OUT.tmp-PID while scoring,
 * renamed to OUT only when scoring succeeded: the file never holds a partial or failed run.
 */
class PerQuestionWriter {
  private readonly tmp: string;
  private readonly fd: number;
  private buffer = "";

  constructor(private readonly out: string) {
    this.tmp = `${out}.tmp-${process.pid}`;
    this.fd = this.guard(() => openSync(this.tmp, "w"));
  }

  add(p: PerQuestion): void {
    if (p.index === null) return; // unanswered key questions are not predictions
    this.buffer += JSON.stringify({ split: p.split, index: p.index, question_text: p.questionText, category: p.category, precision: p.precision, recall: p.recall, f1: p.f1, bleu1: p.bleu1 }) + "\n";
    if (this.buffer.length >= 1 << 16) this.flush();
  }

  commit(): void {
    this.flush();
    closeSync(this.fd);
    this.guard(() => renameSync(this.tmp, this.out));
  }

  abort(): void {
    closeSync(this.fd);
    rmSync(this.tmp, { force: true });
  }

  private flush(): void {
    this.guard(() => writeSync(this.fd, this.buffer));
    this.buffer = "";
  }

  private guard<T>(write: () => T): T {
    try {
      return write();
    } catch (err) {
      throw new UsageError(`cannot write --per-question file ${this.out}: ${(err as Error).message}`);
    }
  }
}

// `h2hmem score`: the same code and numbers as the server's worker.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Option, type Command } from "commander";
import type {
  NltkVersion,
  PerQuestion,
  PredictionItem,
  Split,
  StopwordList,
  TokenizerMode,
  ValidationIssue,
} from "../../lib/scoring";
import { DEFAULT_MAX_ANSWER_CHARS, NLTK_VERSIONS } from "../../lib/scoring/types";
import { CliExit, EXIT_INVALID, EXIT_OK, intOption, UsageError } from "../errors";
import { describeCommand } from "./catalog";

type Options = {
  dyadic?: string;
  multiparty?: string;
  answerKey?: string;
  tokenizer: TokenizerMode;
  nltk: NltkVersion;
  stopwords: StopwordList;
  perQuestion?: string;
  json?: boolean;
  resamples: string;
  seed: string;
  maxAnswerChars?: string;
  judgeScores?: string;
};

export function register(program: Command): void {
  program
    .command("score")
    .description(describeCommand("score"))
    .option("--dyadic <file>", "prediction_dyadic.json")
    .option("--multiparty <file>", "prediction_multiparty.json (or prediction_multi_party.json)")
    .option("--answer-key <dir>", "official dataset folder; without it the submitted original_answer is the reference")
    .addOption(new Option("--tokenizer <mode>", "lexical tokenizer").choices(["nltk", "whitespace"]).default("nltk"))
    .addOption(
      new Option("--nltk <version>", "NLTK behaviour: 3.5 (the benchmark's pin) or 3.8 (NLTK >= 3.6.6)")
        .choices([...NLTK_VERSIONS])
        .default("3.5"),
    )
    .addOption(
      new Option("--stopwords <list>", "NLTK stopword list: new (198 words) or old (179)")
        .choices(["new", "old"])
        .default("new"),
    )
    .option("--per-question <out.jsonl>", "write one JSON line per prediction, in input order")
    .option("--resamples <n>", "bootstrap resamples for the confidence intervals", "1000")
    .option("--seed <n>", "bootstrap seed", "20260529")
    .option(
      "--max-answer-chars <n>",
      `reject longer answers (the server's UPLOAD_MAX_ANSWER_CHARS; default ${DEFAULT_MAX_ANSWER_CHARS})`,
    )
    .option(
      "--judge-scores <file.json>",
      "judge scores as /api/v1/entries/{id}/judge-scores serves them, for the judge-based evidence numbers",
    )
    .option("--json", "print one JSON object instead of tables")
    .action(async (opts: Options) => {
      throw new CliExit(await scoreFiles(opts));
    });
}

// The scorer loads here, when the command runs (not for --help or validate).
async function scoreFiles(opts: Options): Promise<number> {
  if (!opts.dyadic && !opts.multiparty)
    throw new UsageError("give at least one of --dyadic FILE and --multiparty FILE");
  const resamples = intOption(opts.resamples, "--resamples", 0);
  const seed = intOption(opts.seed, "--seed", 0);
  const maxAnswerChars =
    opts.maxAnswerChars === undefined ? undefined : intOption(opts.maxAnswerChars, "--max-answer-chars", 1);
  const [
    { hasErrors, scoreSubmission, splitForFileName },
    { readAnswerKey, readPredictionFile },
    { countBySeverity, formatIssues },
    { renderScoreTables, scoreReport },
    { renderEvidence, scoreEvidence },
  ] = await Promise.all([
    import("../../lib/scoring"),
    import("../io"),
    import("../format"),
    import("./score-report"),
    import("./score-evidence"),
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
  for (const [split, file] of [
    ["dyadic", opts.dyadic],
    ["multi-party", opts.multiparty],
  ] as const) {
    if (!file) continue;
    const parsed = readPredictionFile(file, split, { maxAnswerChars });
    issues.push(...parsed.issues);
    fileNames[split] = parsed.file;
    files[split] = parsed.items;
    const named = splitForFileName(file);
    if (named && named !== split) {
      issues.push({
        severity: "warning",
        code: "FILE_NAME_SPLIT",
        file: path.basename(file),
        path: "",
        message: `The file name says ${named} but it was given as ${split}.`,
        fix: `Check --dyadic / --multiparty.`,
        params: { named, split },
      });
    }
  }
  if (hasErrors(issues)) return fail(issues, opts.json);

  const lexical = { tokenizer: opts.tokenizer, nltk: opts.nltk, stopwords: opts.stopwords };
  const result = scoreSubmission({ files, fileNames, answerKey: key?.questions, lexical, resamples, seed });
  issues.push(...result.issues);
  if (hasErrors(issues)) return fail(issues, opts.json);
  const evidence = scoreEvidence(result.perQuestion, { judgeScores: opts.judgeScores, resamples, seed });
  if (opts.perQuestion) await writePerQuestion(opts.perQuestion, result.perQuestion, evidence !== null);

  const report = scoreReport(result, { answerKeyDigest: key?.digest ?? null, resamples, seed, ...lexical });
  if (opts.json) {
    process.stdout.write(JSON.stringify({ ...report, evidence, issues }, null, 2) + "\n");
  } else {
    process.stdout.write(renderScoreTables(report) + "\n\n" + renderEvidence(evidence) + "\n");
    const counts = countBySeverity(issues);
    if (issues.length > 0) process.stderr.write(`\n${counts.warnings} warnings:\n${formatIssues(issues, 30)}\n`);
  }
  return EXIT_OK;
}

/** Written to a temp file and renamed, so OUT never holds a partial run. */
async function writePerQuestion(out: string, perQuestion: PerQuestion[], reported: boolean): Promise<void> {
  const { evidenceHit } = await import("./score-evidence");
  const lines: string[] = [];
  for (const p of perQuestion) {
    if (p.index === null) continue;
    lines.push(
      JSON.stringify({
        split: p.split,
        index: p.index,
        question_text: p.questionText,
        category: p.category,
        precision: p.precision,
        recall: p.recall,
        f1: p.f1,
        bleu1: p.bleu1,
        ...(reported ? evidenceHit(p) : {}),
      }) + "\n",
    );
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

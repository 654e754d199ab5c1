// `h2hmem validate`: exit 0 when valid (warnings allowed), 1 when invalid, 2 on usage errors.
import path from "node:path";
import type { Command } from "commander";
import type { PredictionItem, ReferenceQuestion, Split, ValidationIssue } from "../../lib/scoring";
import { DEFAULT_MAX_ANSWER_CHARS } from "../../lib/scoring/types";
import { CliExit, EXIT_INVALID, EXIT_OK, UsageError } from "../errors";
import { LOCAL_MAX_BYTES } from "../limits";
import { describeCommand } from "./catalog";

type Options = {
  split?: string;
  answerKey?: string;
  json?: boolean;
  maxItems?: string;
  maxBytes?: string;
  maxAnswerChars?: string;
};

export function register(program: Command): void {
  program
    .command("validate")
    .description(describeCommand("validate"))
    .argument("<file>", "prediction_dyadic.json or prediction_multiparty.json")
    .option("--split <split>", "dyadic | multi-party (default: from the file name)")
    .option("--answer-key <dir>", "official dataset folder: also match every prediction to a question")
    .option("--json", "print one JSON report instead of text")
    .option("--max-items <n>", "reject files with more predictions (e.g. the server's limit)")
    .option(
      "--max-answer-chars <n>",
      `reject longer answers (the server's UPLOAD_MAX_ANSWER_CHARS; default ${DEFAULT_MAX_ANSWER_CHARS})`,
    )
    .option(
      "--max-bytes <n>",
      `reject larger files (e.g. the server's upload limit; at most ${LOCAL_MAX_BYTES}, the default)`,
    )
    .action(async (file: string, opts: Options) => {
      throw new CliExit(await runValidate(file, opts));
    });
}

// Loaded when the command runs: the validator, and the matcher only with --answer-key.
async function runValidate(file: string, opts: Options): Promise<number> {
  const [
    { hasErrors, splitForFileName },
    { parseSplit, readAnswerKey, readPredictionFile },
    { countBySeverity, formatIssues },
  ] = await Promise.all([import("../../lib/scoring/validate"), import("../io"), import("../format")]);
  const explicit = parseSplit(opts.split);
  const key = opts.answerKey ? await readAnswerKey(opts.answerKey) : null;
  const { PredictionMatcher } = key ? await import("../../lib/scoring") : { PredictionMatcher: null };
  const fromName = splitForFileName(file);
  let split: Split = explicit ?? fromName ?? "dyadic";
  const extra: ValidationIssue[] = [];
  const parsed = readPredictionFile(file, split, {
    maxItems: limit(opts.maxItems, "--max-items"),
    maxBytes: limit(opts.maxBytes, "--max-bytes", LOCAL_MAX_BYTES),
    maxAnswerChars: limit(opts.maxAnswerChars, "--max-answer-chars"),
  });
  const name = path.basename(file);

  if (!explicit && !fromName) {
    const judged = key !== null && parsed.ok;
    if (judged) split = bestSplit(PredictionMatcher!, parsed.items, key.questions, name);
    extra.push({
      severity: "warning",
      code: "SPLIT_UNKNOWN",
      file: name,
      path: "",
      message: `The file name does not say which split it is; ${judged ? "judged by the answer key" : "assumed"}: ${split}.`,
      fix: "Name it prediction_dyadic.json or prediction_multiparty.json, or pass --split.",
      params: { split, basis: judged ? "key" : "assumed" },
    });
  }
  let matchSummary: { matched: number; unmatched: number; missing: number } | null = null;
  if (key && PredictionMatcher && parsed.ok) {
    const matcher = new PredictionMatcher(split, key.questions, name);
    let matched = 0;
    parsed.items.forEach((item, index) => {
      if (matcher.add(item, index).qid !== null) matched++;
    });
    const result = matcher.finish();
    extra.push(...result.issues);
    matchSummary = { matched, unmatched: parsed.items.length - matched, missing: result.missing.length };
  }
  const issues = [...parsed.issues, ...extra];
  const valid = !hasErrors(issues);
  const counts = countBySeverity(issues);
  if (opts.json) {
    const report = {
      file: name,
      split,
      valid,
      predictions: parsed.items.length,
      ...counts,
      match: matchSummary,
      issues,
    };
    process.stdout.write(JSON.stringify(report, null, 2) + "\n");
  } else {
    const head = valid ? `${name}: valid ${split} file, ${parsed.items.length} predictions` : `${name}: INVALID`;
    process.stdout.write(`${head} (${counts.errors} errors, ${counts.warnings} warnings)\n`);
    if (matchSummary) {
      process.stdout.write(
        `answer key: ${matchSummary.matched} matched, ${matchSummary.unmatched} unmatched, ${matchSummary.missing} key questions unanswered\n`,
      );
    }
    if (issues.length > 0) process.stdout.write(formatIssues(issues, 200) + "\n");
  }
  return valid ? EXIT_OK : EXIT_INVALID;
}

function limit(raw: string | undefined, name: string, max = Infinity): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a positive integer, got "${raw}"`);
  if (n > max) throw new UsageError(`${name} can lower the local limit of ${max} bytes, not raise it; got "${raw}"`);
  return n;
}

function bestSplit(
  PredictionMatcher: typeof import("../../lib/scoring").PredictionMatcher,
  items: readonly PredictionItem[],
  key: ReferenceQuestion[],
  name: string,
): Split {
  const dyadic = new PredictionMatcher("dyadic", key, name);
  const multiParty = new PredictionMatcher("multi-party", key, name);
  const hits = { dyadic: 0, multiParty: 0 };
  items.forEach((item, index) => {
    if (dyadic.add(item, index).qid) hits.dyadic++;
    if (multiParty.add(item, index).qid) hits.multiParty++;
  });
  return hits.multiParty > hits.dyadic ? "multi-party" : "dyadic";
}

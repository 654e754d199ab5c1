// `h2hmem submit`: validates locally (the server's checks), uploads, and with --wait polls to the end.
// H2HMEM_CI_TOKEN (from the GitHub Action) is sent as `ciToken` so the server can mark it "Verified from CI".
import path from "node:path";
import type { Command } from "commander";
import type { Split, ValidationIssue } from "../../lib/scoring";
import { CliExit, EXIT_INVALID, EXIT_OK } from "../errors";
import { fixed, formatIssues } from "../format";
import { ciTokenFromEnv, readSecret } from "../secrets";
import { fetchStatus, HttpApiError, isFinal, uploadSubmission, type SubmissionStatus } from "./submit-client";
import { describeCommand } from "./catalog";

type Options = {
  url: string;
  token?: string;
  dyadic: string;
  multiparty: string;
  method: string;
  org?: string;
  description?: string;
  backbone?: string;
  ranBy?: string;
  methodOwner?: string;
  track?: string;
  contextTopK?: string;
  contextTokens?: string;
  publicPredictions?: boolean;
  sourceRepo?: string;
  sourceCommit?: string;
  sourceRun?: string;
  runOf?: string;
  reproduces?: string;
  wait?: boolean;
  json?: boolean;
  pollMs: string;
};
/** With --json, stdout carries only the final JSON document; progress goes to stderr. */
let json = false;
const out = (text: string) => (json ? process.stderr : process.stdout).write(text);

export function register(program: Command): void {
  program
    .command("submit")
    .description(describeCommand("submit"))
    .requiredOption("--url <url>", "server base URL, e.g. http://localhost:3000")
    .option(
      "--token <token>",
      "API token (h2h_...; see `h2hmem token create` or Settings > Tokens); prefer H2HMEM_TOKEN or the prompt",
    )
    .requiredOption("--dyadic <file>", "prediction_dyadic.json")
    .requiredOption("--multiparty <file>", "prediction_multiparty.json")
    .requiredOption("--method <name>", "method name shown on the leaderboard")
    .option("--org <organization>", "organisation")
    .option("--description <text>", "short description of the method")
    .option("--backbone <model>", "backbone model (e.g. the LLM the method answers with)")
    .option("--track <track>", "memory (default), full-context (the answerer sees every session) or oracle-evidence")
    .option("--context-top-k <n>", "sessions given to the answerer per question (top-k)")
    .option("--context-tokens <n>", "the answerer's context-token limit")
    .option(
      "--ran-by <who>",
      "first-party (your own method) or third-party (someone else's: name it with --method-owner)",
    )
    .option("--method-owner <name>", "whose method a third-party run is (e.g. its authors or project)")
    .option(
      "--public-predictions",
      "make the prediction files public once approved (anyone can re-score them; the token needs the publish scope)",
    )
    .option("--source-repo <owner/name>", "submitted from CI: the repository (the GitHub Action fills this in)")
    .option("--source-commit <sha>", "submitted from CI: the commit SHA (7-40 hex digits)")
    .option("--source-run <url-or-id>", "submitted from CI: the GitHub Actions run URL or id")
    .option(
      "--run-of <entry-id>",
      "a replicate run of your entry (same method name, backbone and track): the entry averages its runs",
    )
    .option("--reproduces <entry-id>", "a reproduction of another account's entry (shown on it, never ranked itself)")
    .option(
      "--json",
      "print the result as one JSON document on stdout ({id, status, warnings[, final status and scores with --wait]})",
    )
    .option("--wait", "follow the scoring progress until it finishes and print the scores")
    .option("--poll-ms <ms>", "polling interval with --wait", "2000")
    .action(async (opts: Options) => {
      throw new CliExit(await runSubmit(opts));
    });
}

async function runSubmit(opts: Options): Promise<number> {
  json = opts.json === true;
  const [validator, { readLocalFile }] = await Promise.all([import("../../lib/scoring/validate"), import("../io")]);
  const { hasErrors, parsePredictionFile } = validator;
  // Validated with the server's default limits (the server applies its own).
  const checked = (file: string, split: Split, issues: ValidationIssue[]): { name: string; bytes: Uint8Array } => {
    const name = path.basename(file);
    const read = readLocalFile(file);
    if ("issue" in read) {
      issues.push(read.issue);
      return { name, bytes: new Uint8Array(0) };
    }
    issues.push(...parsePredictionFile(read.bytes, { file: name, split }).issues);
    return { name, bytes: read.bytes };
  };
  const issues: ValidationIssue[] = [];
  const files = {
    dyadic: checked(opts.dyadic, "dyadic", issues),
    multiparty: checked(opts.multiparty, "multi-party", issues),
  };
  if (hasErrors(issues)) {
    process.stderr.write(`${formatIssues(issues)}\nNot uploaded: fix the errors above first.\n`);
    return EXIT_INVALID;
  }
  const token = await readSecret({
    flag: opts.token,
    flagName: "--token",
    envName: "H2HMEM_TOKEN",
    label: "API token",
  });
  let id: string;
  try {
    const res = await uploadSubmission(opts.url, token, files, {
      methodName: opts.method,
      organization: opts.org,
      description: opts.description,
      backbone: opts.backbone,
      ranBy: opts.ranBy,
      methodOwner: opts.methodOwner,
      track: opts.track,
      contextTopK: opts.contextTopK,
      contextTokens: opts.contextTokens,
      publicPredictions: opts.publicPredictions ? "true" : undefined,
      sourceRepo: opts.sourceRepo,
      sourceCommit: opts.sourceCommit,
      sourceRun: opts.sourceRun,
      runOf: opts.runOf,
      reproduces: opts.reproduces,
      ciToken: ciTokenFromEnv(),
    });
    id = res.id;
    warnings = res.warnings;
    out(`Submitted: ${id} (${res.status})${res.warnings.length ? `, ${res.warnings.length} warning(s)` : ""}\n`);
    if (res.warnings.length) out(`${formatIssues(res.warnings as ValidationIssue[], 20)}\n`);
    if (!opts.wait) {
      if (json) process.stdout.write(`${JSON.stringify({ id, status: res.status, warnings })}\n`);
      return EXIT_OK;
    }
  } catch (e) {
    return reportHttpError(e);
  }
  return follow(opts.url, token, id, Math.max(200, Number(opts.pollMs) || 2000));
}
let warnings: unknown[] = [];

async function follow(url: string, token: string, id: string, pollMs: number): Promise<number> {
  let last = "";
  for (;;) {
    let s: SubmissionStatus;
    try {
      s = await fetchStatus(url, token, id);
    } catch (e) {
      if (e instanceof HttpApiError && e.error.status < 500) return reportHttpError(e);
      process.stderr.write(`status check failed (${(e as Error).message}); retrying\n`);
      await new Promise((r) => setTimeout(r, pollMs));
      continue;
    }
    const line = `${s.status}${s.stage ? ` · ${s.stage}` : ""}${s.progress && s.progress.total > 0 ? ` ${s.progress.done}/${s.progress.total}` : ""}`;
    if (line !== last) out(`${new Date().toISOString().slice(11, 19)}  ${line}\n`);
    last = line;
    if (isFinal(s)) return printFinal(s);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

function printFinal(s: SubmissionStatus): number {
  if (json) {
    const { id, status, failure, review, scorerVersion, scores } = s;
    process.stdout.write(
      `${JSON.stringify({ id, status, warnings, failure: failure ?? null, review: review ?? null, scorerVersion: scorerVersion ?? null, scores: scores ?? null })}\n`,
    );
  }
  if (s.status.toUpperCase() === "FAILED") {
    process.stderr.write(
      `Scoring failed${s.failure?.stage ? ` at the ${s.failure.stage} stage` : ""}: ${s.failure?.reason ?? "unknown reason"}\n`,
    );
    return EXIT_INVALID;
  }
  const rows = (s.scores ?? []).filter((r) => r.scope === "ALL");
  out(`Scored (${s.scorerVersion ?? "unknown scorer version"}); review: ${s.review?.state ?? "pending"}\n`);
  for (const split of ["overall", "dyadic", "multi-party"]) {
    const cells = rows.filter((r) => r.split === split && r.aggregate === "micro");
    if (cells.length === 0) continue;
    const text = cells.map((r) => `${r.metric} ${fixed(r.value)} [${fixed(r.ciLow)}, ${fixed(r.ciHigh)}]`).join("  ");
    out(`  ${split.padEnd(11)} n=${cells[0].n}  ${text}\n`);
  }
  return EXIT_OK;
}

function reportHttpError(e: unknown): number {
  if (!(e instanceof HttpApiError)) {
    process.stderr.write(`h2hmem: cannot reach the server: ${(e as Error).message}\n`);
    return EXIT_INVALID;
  }
  const err = e.error;
  process.stderr.write(`Upload rejected: ${err.status} ${err.code}: ${err.message}\n`);
  for (const d of err.details)
    process.stderr.write(`  ${[d.code, d.file, d.path].filter(Boolean).join(" ")}: ${d.message}\n`);
  if (err.retryAfter) process.stderr.write(`  retry after ${err.retryAfter} s\n`);
  return EXIT_INVALID;
}

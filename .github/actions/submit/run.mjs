#!/usr/bin/env node
// The step logic of the H2HMem submit action (action.yml beside this file), as a plain Node script
// so it can be tested against a real server: downloads the single-file CLI from the leaderboard,
// refuses it unless its sha256 and `--version` are the pinned ones, runs `h2hmem submit --json
// [--wait]` with the GitHub context as --source-*, writes the result to $GITHUB_STEP_SUMMARY (a
// Markdown table of the scores) and $GITHUB_OUTPUT, and exits non-zero when the CLI does (invalid
// files, a rejected upload, failed scoring). No dependencies: Node >= 20 (22 and 24 supported).
// Inputs come as environment variables (action.yml maps them): H2HMEM_URL, H2HMEM_TOKEN,
// H2HMEM_CLI_VERSION, H2HMEM_CLI_SHA256, H2HMEM_DYADIC, H2HMEM_MULTIPARTY, H2HMEM_METHOD, and
// optional H2HMEM_ORGANIZATION, H2HMEM_BACKBONE, H2HMEM_TRACK, H2HMEM_CONTEXT_TOP_K, H2HMEM_CONTEXT_TOKENS, H2HMEM_PUBLIC_PREDICTIONS, H2HMEM_WAIT (default true).
// With `permissions: id-token: write` the runner sets ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN: the script
// then asks GitHub for an OIDC token with audience = the leaderboard URL and hands only that token to
// the CLI (H2HMEM_CI_TOKEN), which uploads it for the server to verify ("Verified from CI").
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const env = process.env;

function fail(message) {
  process.stderr.write(`::error::${message}\n`);
  summary(`### H2HMem submission failed\n\n${message}\n`);
  process.exit(1);
}

function summary(markdown) {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
}

function output(name, value) {
  if (env.GITHUB_OUTPUT && value)
    appendFileSync(env.GITHUB_OUTPUT, `${name}=${String(value).replace(/[\r\n]/g, " ")}\n`);
}

function input(name, required) {
  const v = (env[`H2HMEM_${name}`] ?? "").trim();
  if (required && !v) fail(`Input ${name.toLowerCase().replace(/_/g, "-")} is required.`);
  return v;
}

/** Text for a Markdown table cell or paragraph: no table breaks, no HTML. */
const cell = (s) =>
  String(s)
    .replace(/[|\\`*_[\]<>]/g, (c) => `\\${c}`)
    .replace(/[\r\n]+/g, " ");
const num = (v) => (typeof v === "number" ? v.toFixed(4) : "–");

/** The ALL-scope micro scores as one row per split, one column per metric (value [CI]). */
export function scoresTable(scores) {
  const rows = (scores ?? []).filter((r) => r.scope === "ALL" && r.aggregate === "micro");
  const metrics = [...new Set(rows.map((r) => r.metric))];
  const splits = ["overall", "dyadic", "multi-party"].filter((s) => rows.some((r) => r.split === s));
  if (splits.length === 0) return "";
  const lines = [
    `| Split | n | ${metrics.map(cell).join(" | ")} |`,
    `| --- | ---: | ${metrics.map(() => "---:").join(" | ")} |`,
  ];
  for (const split of splits) {
    const of = rows.filter((r) => r.split === split);
    const values = metrics.map((m) => {
      const r = of.find((x) => x.metric === m);
      return r ? `${num(r.value)}${r.ciLow == null ? "" : ` [${num(r.ciLow)}, ${num(r.ciHigh)}]`}` : "–";
    });
    lines.push(`| ${split} | ${of[0].n} | ${values.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Loopback hosts (127.0.0.0/8, ::1, localhost): plain http:// to them never leaves the runner. */
export function isLoopbackHost(hostname) {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** https://, or http:// to a loopback host only (the token and the CLI would cross the network in clear). */
function checkUrl(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    fail(`Input url is not a URL: ${url}`);
  }
  if (u.protocol === "https:") return;
  if (u.protocol === "http:" && isLoopbackHost(u.hostname)) return;
  fail(
    `Input url must be https:// (http:// only to a loopback host: 127.0.0.0/8, ::1, localhost), got ${u.protocol}//${u.host}.`,
  );
}

/**
 * The CLI's environment: only what it reads (H2HMEM_TOKEN; PATH and HOME for Node itself), not
 * the job's whole environment with its other secrets. NODE_EXTRA_CA_CERTS, when the runner sets
 * it, lets a self-hosted leaderboard with a private CA be reached.
 */
export function cliEnv(token, ciToken) {
  const e = { PATH: env.PATH ?? "", HOME: env.HOME ?? os.homedir(), H2HMEM_TOKEN: token };
  if (ciToken) e.H2HMEM_CI_TOKEN = ciToken;
  if (env.NODE_EXTRA_CA_CERTS) e.NODE_EXTRA_CA_CERTS = env.NODE_EXTRA_CA_CERTS;
  return e;
}

/**
 * GitHub's OIDC token for this job with the leaderboard URL as audience, or null when the job has no
 * `id-token: write` permission (then the source is shown as stated by the submitter). The request
 * credentials stay here: the CLI gets only the short-lived, audience-bound token.
 */
export async function requestCiToken(audience) {
  const requestUrl = env.ACTIONS_ID_TOKEN_REQUEST_URL;
  const requestToken = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
  if (!requestUrl || !requestToken) return null;
  const u = new URL(requestUrl);
  u.searchParams.set("audience", audience);
  const res = await fetch(u, {
    headers: { authorization: `bearer ${requestToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(15_000),
  }).catch((e) => fail(`Requesting the GitHub OIDC token failed: ${e.message}`));
  if (!res.ok) fail(`Requesting the GitHub OIDC token answered ${res.status}.`);
  const value = (await res.json().catch(() => null))?.value;
  if (typeof value !== "string" || !value) fail("GitHub's OIDC token response had no token.");
  // Masked in the job log, like any secret.
  process.stdout.write(`::add-mask::${value}\n`);
  return value;
}

async function main() {
  const url = input("URL", true).replace(/(?<!\/)\/+$/, "");
  const token = input("TOKEN", true);
  // Pinned: the action runs only the CLI release the workflow names, byte for byte.
  const version = input("CLI_VERSION", true).replace(/^v/, "");
  const sha256 = input("CLI_SHA256", true).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256))
    fail("Input sha256 must be 64 hex digits (the About page shows the CLI's sha256).");
  const [dyadic, multiparty, method] = [input("DYADIC", true), input("MULTIPARTY", true), input("METHOD", true)];
  checkUrl(url);

  const res = await fetch(`${url}/downloads/h2hmem.mjs`).catch((e) => fail(`Cannot reach ${url}: ${e.message}`));
  if (!res.ok) fail(`Downloading ${url}/downloads/h2hmem.mjs answered ${res.status}.`);
  const bytes = Buffer.from(await res.arrayBuffer());
  // Checked before the file is written or run: a changed or tampered download never executes.
  const got = createHash("sha256").update(bytes).digest("hex");
  if (got !== sha256)
    fail(
      `The downloaded CLI's sha256 is ${got}, not the pinned ${sha256}: not run. Pin the version and sha256 the About page shows.`,
    );
  const cli = path.join(mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), "h2hmem-")), "h2hmem.mjs");
  writeFileSync(cli, bytes);
  const childEnv = cliEnv(token);

  const ver = spawnSync(process.execPath, [cli, "--version"], {
    env: childEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const named = /^h2hmem (\S+)/.exec((ver.stdout ?? "").trim())?.[1];
  if (ver.status !== 0 || named !== version)
    fail(
      `The downloaded CLI reports ${JSON.stringify((ver.stdout ?? "").trim() || ver.stderr?.trim() || "nothing")}, not version ${version}.`,
    );

  const args = ["submit", "--url", url, "--dyadic", dyadic, "--multiparty", multiparty, "--method", method, "--json"];
  if (input("WAIT") !== "false") args.push("--wait");
  if (input("ORGANIZATION")) args.push("--org", input("ORGANIZATION"));
  if (input("BACKBONE")) args.push("--backbone", input("BACKBONE"));
  if (input("TRACK")) args.push("--track", input("TRACK"));
  if (input("CONTEXT_TOP_K")) args.push("--context-top-k", input("CONTEXT_TOP_K"));
  if (input("CONTEXT_TOKENS")) args.push("--context-tokens", input("CONTEXT_TOKENS"));
  if (input("PUBLIC_PREDICTIONS") === "true") args.push("--public-predictions");
  if (env.GITHUB_REPOSITORY) args.push("--source-repo", env.GITHUB_REPOSITORY);
  if (env.GITHUB_REPOSITORY && env.GITHUB_SHA) args.push("--source-commit", env.GITHUB_SHA);
  if (env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID) {
    args.push(
      "--source-run",
      env.GITHUB_SERVER_URL
        ? `${env.GITHUB_SERVER_URL.replace(/(?<!\/)\/+$/, "")}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
        : env.GITHUB_RUN_ID,
    );
  }

  // The token stays in the environment (H2HMEM_TOKEN): never on a command line.
  // Requested right before the upload: GitHub's tokens live minutes.
  const run = spawnSync(process.execPath, [cli, ...args], {
    env: cliEnv(token, await requestCiToken(url)),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 26,
  });
  process.stderr.write(run.stderr ?? "");
  process.stdout.write(run.stdout ?? "");
  let result = null;
  try {
    result = JSON.parse((run.stdout ?? "").trim().split("\n").pop() || "null");
  } catch {
    // no JSON: the CLI stopped before uploading (its stderr says why)
  }
  output("submission-id", result?.id);
  output("status", result?.status);

  const title = `### H2HMem: ${cell(method)}`;
  if (run.status !== 0 || !result) {
    const why = (run.stderr ?? "").trim() || `h2hmem exited with ${run.status ?? run.signal}`;
    summary(
      `${title} — failed\n\n${result?.id ? `Submission \`${result.id}\`: ${url}/submissions/${result.id}\n\n` : ""}\`\`\`text\n${why.replace(/```/g, "'''")}\n\`\`\`\n`,
    );
    process.exit(run.status || 1);
  }
  const link = `${url}/submissions/${result.id}`;
  const table = scoresTable(result.scores);
  summary(
    `${title}\n\nSubmission [\`${result.id}\`](${link}): ${cell(result.status)}${result.scorerVersion ? `, scorer ${cell(result.scorerVersion)}` : ""}` +
      `${result.review ? `, review ${cell(result.review.state)}` : ""}.\n\n${table || "Not waited for the scores (wait: false)."}\n`,
  );
}

await main();

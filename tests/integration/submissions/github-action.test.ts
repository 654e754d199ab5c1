// The GitHub Action's step script (.github/actions/submit/run.mjs) run as the action runs it,
// against the real API routes, Postgres, Redis and the scoring worker: it downloads the
// single-file CLI from the server, submits with the GitHub context as --source-*, waits, writes the
// scores as a Markdown table to $GITHUB_STEP_SUMMARY, and exits non-zero on an invalid file.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getScoringQueue } from "@/lib/server/queue";
import { syntheticPredictions } from "@/lib/dev/synthetic-predictions";
import { createScoringWorker } from "@/workers/worker";
import { buildSingleFile } from "../../../scripts/build/bundles.mjs";
import { userWithToken } from "../../support/api-helpers";
import { restoreActiveKey, ROOT, setEnv, useSyntheticKey } from "../../support/pipeline-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";

const log = logger.child({ test: "github-action" });
log.level = "warn";
let worker: Worker;
let server: RouteServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
let dir: string;

const SCRIPT = path.join(ROOT, ".github/actions/submit/run.mjs");

/** Runs the action's script with the inputs and GitHub context an Actions runner would set. */
function runAction(inputs: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; summary: string; output: string }> {
  const summaryFile = path.join(dir, `summary-${Date.now()}.md`);
  const outputFile = path.join(dir, `output-${Date.now()}.txt`);
  writeFileSync(summaryFile, "");
  writeFileSync(outputFile, "");
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: dir, RUNNER_TEMP: dir, GITHUB_STEP_SUMMARY: summaryFile, GITHUB_OUTPUT: outputFile,
    GITHUB_REPOSITORY: "acme/mem-ci", GITHUB_SHA: "a".repeat(40), GITHUB_SERVER_URL: "https://github.com", GITHUB_RUN_ID: "4242",
    H2HMEM_URL: server.url, H2HMEM_TOKEN: author.token, ...inputs,
  };
  // Asynchronous: the route server answering the script runs in this process.
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT], { cwd: dir, env, encoding: "utf8" }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code, stdout, stderr, summary: readFileSync(summaryFile, "utf8"), output: readFileSync(outputFile, "utf8") });
    });
  });
}

beforeAll(async () => {
  await setEnv({ JUDGE_BASE_URL: undefined, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-gh-action-${process.pid}` });
  key = await useSyntheticKey({ dyadic: 40, multiParty: 20 }, 606);
  author = await userWithToken("gh-action", "SUBMITTER");
  worker = createScoringWorker(log);
  dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-gh-action-"));
  const bundle = path.join(dir, "bundle", "h2hmem.mjs");
  await buildSingleFile(bundle);
  server = await startRouteServer({ files: { "/downloads/h2hmem.mjs": bundle } });
  writeFileSync(path.join(dir, "prediction_dyadic.json"), syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed: 11 }));
  writeFileSync(path.join(dir, "prediction_multiparty.json"), syntheticPredictions(key.questions, "multi-party", { quality: 0.5, seed: 12 }));
  writeFileSync(path.join(dir, "broken.json"), '{"predictions": [');
}, 180_000);

afterAll(async () => {
  await server?.close();
  await worker?.close();
  await getScoringQueue().obliterate({ force: true });
  await restoreActiveKey();
  if (author) await db.user.deleteMany({ where: { id: author.id } });
  await setEnv({});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the submit action's script", () => {
  it("submits with the GitHub context, waits for the scores and writes them to the job summary", async () => {
    const r = await runAction({ H2HMEM_DYADIC: "prediction_dyadic.json", H2HMEM_MULTIPARTY: "prediction_multiparty.json", H2HMEM_METHOD: "CI-Mem | v1", H2HMEM_BACKBONE: "gpt-x", H2HMEM_WAIT: "true" });
    expect(r.stderr).not.toContain(author.token);
    expect(r.code).toBe(0);
    const id = /submission-id=(\S+)/.exec(r.output)?.[1];
    expect(r.output).toContain("status=SCORED");
    const s = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(s).toMatchObject({ status: "SCORED", methodName: "CI-Mem | v1", backbone: "gpt-x", sourceRepo: "acme/mem-ci", sourceCommit: "a".repeat(40), sourceRun: "https://github.com/acme/mem-ci/actions/runs/4242" });

    // The table holds the stored ALL-scope micro numbers, one row per split.
    expect(r.summary).toContain("### H2HMem: CI-Mem \\| v1");
    const lines = r.summary.split("\n").filter((l) => l.startsWith("| "));
    const header = lines[0].split("|").map((c) => c.trim()).filter(Boolean);
    expect(header.slice(0, 2)).toEqual(["Split", "n"]);
    expect(lines.slice(2).map((l) => l.split("|")[1].trim())).toEqual(["overall", "dyadic", "multi-party"]);
    const f1 = await db.score.findFirstOrThrow({ where: { submissionId: id, split: "dyadic", scope: "ALL", aggregate: "micro", metric: header[2] } });
    const dyadicRow = lines.find((l) => l.startsWith("| dyadic "))!.split("|").map((c) => c.trim());
    expect(dyadicRow[2]).toBe(String(f1.n));
    expect(dyadicRow[3].startsWith(f1.value.toFixed(4))).toBe(true);
  }, 240_000);

  it("fails the step (non-zero exit, a summary saying why) when a file is invalid, and uploads nothing", async () => {
    const before = await db.submission.count({ where: { userId: author.id } });
    const r = await runAction({ H2HMEM_DYADIC: "broken.json", H2HMEM_MULTIPARTY: "prediction_multiparty.json", H2HMEM_METHOD: "CI-Mem broken" });
    expect(r.code).not.toBe(0);
    expect(r.summary).toMatch(/CI-Mem broken — failed/);
    expect(r.summary).toMatch(/broken\.json/);
    expect(r.output).not.toContain("submission-id=");
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(before);

    // A missing input fails before anything is downloaded.
    const missing = await runAction({ H2HMEM_DYADIC: "prediction_dyadic.json", H2HMEM_MULTIPARTY: "prediction_multiparty.json" });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/::error::Input method is required/);
  }, 240_000);
});

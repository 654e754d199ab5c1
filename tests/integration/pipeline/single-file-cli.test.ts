// The single-file CLI the site serves (dist/h2hmem.mjs, built here by the build's own function) run
// from an empty folder with no node_modules anywhere above it: its version line, and its
// `score --json` numbers against the answer key equal, bit for bit, the Score rows the worker stores.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { currentLexicalOptions } from "@/lib/server/versions/current-version";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { scorerVersionFor } from "@/lib/scoring";
import { createScoringWorker, type ScoringWorker } from "@/workers/worker";
import { buildSingleFile } from "../../../scripts/build/bundles.mjs";
import {
  freshUser,
  restoreActiveKey,
  ROOT,
  scoreSnapshot,
  setEnv,
  uploaded,
  useSyntheticKey,
  waitForStatus,
} from "../../support/pipeline-helpers";

const log = logger.child({ test: "single-file-cli" });
log.level = "warn";
let worker: ScoringWorker;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let buildDir: string;
let bundle: string;

beforeAll(async () => {
  await setEnv({
    JUDGE_BASE_URL: undefined,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-single-file-${process.pid}`,
  });
  key = await useSyntheticKey({ dyadic: 120, multiParty: 40 }, 303);
  worker = createScoringWorker(log);
  buildDir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-single-file-build-"));
  bundle = path.join(buildDir, "h2hmem.mjs");
  await buildSingleFile(bundle);
}, 120_000);

afterAll(async () => {
  await restoreActiveKey();
  await worker?.worker.close();
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
  rmSync(buildDir, { recursive: true, force: true });
});

/** `node h2hmem.mjs ARGS` in `cwd`, with no NODE_PATH or NODE_OPTIONS that could lend it modules. */
function runSingleFile(cwd: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_PATH;
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [path.join(cwd, "h2hmem.mjs"), ...args], {
    cwd,
    env,
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 1 << 26,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function hasNodeModulesAbove(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, "node_modules"))) return true;
    if (path.dirname(d) === d) return false;
  }
}

describe("the single-file CLI (dist/h2hmem.mjs)", () => {
  it("runs from an empty folder without node_modules and scores exactly as the worker does", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-single-file-run-"));
    try {
      expect(hasNodeModulesAbove(dir)).toBe(false);
      copyFileSync(bundle, path.join(dir, "h2hmem.mjs"));
      const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
      const version = runSingleFile(dir, "--version");
      expect(version.code).toBe(0);
      expect(version.stdout.trim()).toBe(`h2hmem ${pkg.version} (scorer ${scorerVersionFor(currentLexicalOptions())})`);

      const dyadic = syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed: 5 });
      const multi = syntheticPredictions(key.questions, "multi-party", { quality: 0.5, seed: 6 });
      writeFileSync(path.join(dir, "prediction_dyadic.json"), dyadic);
      writeFileSync(path.join(dir, "prediction_multiparty.json"), multi);
      expect(runSingleFile(dir, "validate", "prediction_dyadic.json", "--answer-key", key.dir).code).toBe(0);
      const scored = runSingleFile(
        dir,
        "score",
        "--json",
        "--dyadic",
        "prediction_dyadic.json",
        "--multiparty",
        "prediction_multiparty.json",
        "--answer-key",
        key.dir,
      );
      expect(scored.stderr).toBe("");
      expect(scored.code).toBe(0);
      const report = JSON.parse(scored.stdout);
      // Nothing is kept between runs: the folder holds only what the test put there.
      expect(readdirSync(dir).sort()).toEqual(["h2hmem.mjs", "prediction_dyadic.json", "prediction_multiparty.json"]);
      // A server command says it needs a checkout (exit 2) instead of failing on a missing module.
      const server = runSingleFile(dir, "user", "create", "--email", "a@b.cd", "--password", "long-enough-password");
      expect(server.code).toBe(2);
      expect(server.stderr).toMatch(/checkout of the leaderboard repository/);

      const user = await freshUser();
      const res = await createSubmission({
        userId: user.id,
        files: uploaded(dyadic, multi),
        meta: { methodName: "single-file parity" },
      });
      expect((await waitForStatus(res.id, ["SCORED", "FAILED"])).status).toBe("SCORED");
      const stored = await scoreSnapshot(res.id);
      expect(stored.length).toBeGreaterThan(100);
      for (const row of stored) {
        const split = report.splits[row.split];
        const scope = row.scope === "ALL" ? split : (split.mainTypes[row.scope] ?? split.categories[row.scope]);
        expect(scope, `${row.split} ${row.scope}`).toBeDefined();
        expect(scope.n, `${row.split} ${row.scope} n`).toBe(row.n);
        expect(scope[row.aggregate][row.metric], `${row.split} ${row.scope} ${row.aggregate} ${row.metric}`).toEqual({
          value: row.value,
          ciLow: row.ciLow,
          ciHigh: row.ciHigh,
        });
      }
      expect(report.scorerVersion).toBe(stored[0].scorerVersion);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

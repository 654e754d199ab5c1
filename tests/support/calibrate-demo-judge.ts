// The quick start's demo judge (the bundled deterministic fake) calibrated against DATABASE_URL
// through the worker's own path (ensureCalibration, then the calibration job), for
// tests/e2e/judge-card.spec.ts, whose server runs without a judge. Prints
// {"version": <the scorer version a deployment with this judge publishes>, "runId": ...}.
//   node --import ./bin/register.mjs tests/support/calibrate-demo-judge.ts
// QUEUE_PREFIX should be one no worker reads: this process runs the queued job itself.
import { startFakeJudgeServer } from "../../scripts/dev/fake-judge-server";

const judge = await startFakeJudgeServer({ port: 0 });
Object.assign(process.env, { JUDGE_BASE_URL: judge.baseURL, JUDGE_API_KEY: "fake", JUDGE_DEMO: "true" });
// After the environment is set: the server modules read it once.
const { ensureCalibration } = await import("../../lib/server/operations/calibration-runs");
const { runCalibrationJob } = await import("../../workers/processors/judge-calibration");
const { currentScorerVersion } = await import("../../lib/server/versions/current-version");
const { logger } = await import("../../lib/server/logger");
const { db } = await import("../../lib/server/db");
const { closeQueues, getQueue } = await import("../../lib/server/queue");

let code = 0;
try {
  const run = await ensureCalibration();
  if (!run) throw new Error("no calibration: is an answer key active?");
  const status = run.status === "DONE" ? "DONE" : await runCalibrationJob(run.id, logger.child({ e2e: "calibrate" }));
  if (status !== "DONE") throw new Error(`calibration ${run.id} ended ${status}`);
  // The job ensureCalibration queued under this process's own prefix is done: leave nothing behind.
  await getQueue("judge-calibration").obliterate({ force: true });
  process.stdout.write(`${JSON.stringify({ version: await currentScorerVersion(), runId: run.id })}\n`);
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await Promise.allSettled([judge.close(), closeQueues(), db.$disconnect()]);
}
process.exit(code);

import { config as loadDotenv } from "dotenv";
import { env } from "@/lib/server/env";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { closeSharedJudgeRate } from "@/lib/server/judge/shared-rate";
import { closeScoringQueue } from "@/lib/server/queue";
import { closeWebhookQueue } from "@/lib/server/notify/webhook-queue";
import { createAgreementWorker } from "./agreement-worker";
import { createCalibrationWorker } from "./calibration-worker";
import { closeCalibrationQueue } from "@/lib/server/operations/calibration-runs";
import { backfillFailureProfiles } from "./processors/failure-profile-backfill";
import { backfillInjectionFlags } from "./processors/injection-flag-backfill";
import { startHealthServer } from "./health";
import { startReconciler } from "./reconciler";
import { createScoringWorker, type WorkerStats } from "./worker";
import { createWebhookWorker } from "./webhook-worker";

// Worker process: `npm run worker`. Scores submissions from the queue, reconciles queued
// submissions that have no job, runs the admins' judge-agreement checks, delivers webhooks, and shuts down
// gracefully on SIGTERM/SIGINT.

// Like the web app, honour a local .env (the real environment wins). Safe after the imports:
// env, db and logger are all read lazily.
loadDotenv({ quiet: true });

const log = logger.child({ component: "worker" });
const stats: WorkerStats = { processed: 0, failed: 0, active: 0 };
const worker = createScoringWorker(log, stats);
const agreement = createAgreementWorker(log);
const calibration = createCalibrationWorker(log);
const webhooks = createWebhookWorker(log);
const reconciler = startReconciler(log, env.RECONCILE_INTERVAL_MS);
const health = env.WORKER_HEALTH_PORT > 0 ? startHealthServer(env.WORKER_HEALTH_PORT, worker, log, stats) : null;

log.info({ queue: "scoring", prefix: env.QUEUE_PREFIX, concurrency: env.WORKER_CONCURRENCY }, "worker started");
// Rows scored before failure profiles existed (see the function); in the background, best effort.
void backfillFailureProfiles(log).catch((e: unknown) =>
  log.warn({ err: (e as Error).message }, "failure profile backfill failed; the next start retries"),
);
void backfillInjectionFlags(log).catch((e: unknown) =>
  log.warn({ err: (e as Error).message }, "judge-injection backfill failed; the next start retries"),
);

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, "shutting down: letting the current job finish");
  await reconciler.stop();
  // Take no new jobs, give the active ones WORKER_SHUTDOWN_TIMEOUT_MS to finish, then close.
  // Past the timeout the close is forced: the unfinished job's lock expires and another worker
  // takes it over (stalled-job recovery), so nothing is lost. (close() cannot be upgraded to a
  // forced close once started, hence pause + wait first.)
  await Promise.all([
    worker.pause(true),
    agreement.worker.pause(true),
    calibration.worker.pause(true),
    webhooks.worker.pause(true),
  ]);
  const deadline = Date.now() + env.WORKER_SHUTDOWN_TIMEOUT_MS;
  const busy = () => stats.active + agreement.active() + calibration.active() + webhooks.active();
  while (busy() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const released = busy() > 0;
  if (released)
    log.warn(
      { timeoutMs: env.WORKER_SHUTDOWN_TIMEOUT_MS, active: stats.active, agreementActive: agreement.active() },
      "active job did not finish in time; releasing it",
    );
  await Promise.all([
    worker.close(released),
    agreement.worker.close(released),
    calibration.worker.close(released),
    webhooks.worker.close(released),
  ]);
  health?.close();
  // A released job is still running in this process: exit without waiting for its queries
  // (draining the pool would let it finish after all). Its lock expires and another worker
  // redoes it from the start, idempotently.
  const cleanup = Promise.all([
    closeScoringQueue(),
    closeWebhookQueue(),
    closeCalibrationQueue(),
    closeSharedJudgeRate(),
    db.$disconnect(),
  ]);
  await Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, released ? 0 : 10_000).unref())]);
  log.info({ ...stats, released }, "worker stopped");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

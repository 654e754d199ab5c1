import { config as loadDotenv } from "dotenv";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { createAgreementWorker } from "./agreement-worker";
import { createCalibrationWorker } from "./calibration-worker";
import { backfillFailureProfiles } from "./processors/failure-profile-backfill";
import { backfillInjectionFlags } from "./processors/injection-flag-backfill";
import { startReconciler } from "./reconciler";
import { startWorkerProcess } from "./start";
import { createScoringWorker } from "./worker";
import { createWebhookWorker } from "./webhook-worker";

// Worker process: `npm run worker`. Scores submissions, runs judge-agreement checks and judge-card calibrations,
// delivers webhooks and reconciles what Postgres says against the queues (workers/start.ts owns
// shutdown and health).

// Like the web app, honour a local .env (the real environment wins). Safe after the imports:
// env, db and logger are all read lazily.
loadDotenv({ quiet: true });

const log = logger.child({ component: "worker" });
startWorkerProcess(
  log,
  [createScoringWorker(log), createAgreementWorker(log), createCalibrationWorker(log), createWebhookWorker(log)],
  [startReconciler(log, env.RECONCILE_INTERVAL_MS)],
);
log.info({ queue: "scoring", prefix: env.QUEUE_PREFIX, concurrency: env.WORKER_CONCURRENCY }, "worker started");
// Rows scored before failure profiles existed (see the function); in the background, best effort.
void backfillFailureProfiles(log).catch((e: unknown) =>
  log.warn({ err: (e as Error).message }, "failure profile backfill failed; the next start retries"),
);
void backfillInjectionFlags(log).catch((e: unknown) =>
  log.warn({ err: (e as Error).message }, "judge-injection backfill failed; the next start retries"),
);

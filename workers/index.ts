import { config as loadDotenv } from "dotenv";
import { checkEnvOrExit, env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { createAgreementWorker } from "./agreement-worker";
import { createCalibrationWorker } from "./calibration-worker";
import { backfillFailureProfiles } from "./processors/failure-profile-backfill";
import { backfillInjectionFlags } from "./processors/injection-flag-backfill";
import { startReconciler } from "./reconciler";
import { startWorkerProcess } from "./start";
import { createScoringWorker } from "./worker";
import { createWebhookWorker } from "./webhook-worker";

// Honour a local .env like the web app; safe after the imports, which all read env lazily.
loadDotenv({ quiet: true });
checkEnvOrExit("worker");

const log = logger.child({ component: "worker" });
startWorkerProcess(
  log,
  [createScoringWorker(log), createAgreementWorker(log), createCalibrationWorker(log), createWebhookWorker(log)],
  [startReconciler(log, env.RECONCILE_INTERVAL_MS)],
);
log.info({ queue: "scoring", prefix: env.QUEUE_PREFIX, concurrency: env.WORKER_CONCURRENCY }, "worker started");
void backfillFailureProfiles(log).catch((e: unknown) =>
  log.warn({ err: (e as Error).message }, "failure profile backfill failed; the next start retries"),
);
void backfillInjectionFlags(log).catch((e: unknown) =>
  log.warn({ err: (e as Error).message }, "judge-injection backfill failed; the next start retries"),
);

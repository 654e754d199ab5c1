import { UnrecoverableError, Worker, type Job } from "bullmq";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import { CALIBRATION_QUEUE, type CalibrationJobData } from "@/lib/server/operations/calibration-runs";
import { describeError } from "./errors";
import { markCalibrationFailed, runCalibrationJob } from "./processors/judge-calibration";

// The BullMQ worker of the judge-calibration queue (the judge card), one run at a time per process,
// shaped like the agreement worker. index.ts owns the process.

export type CalibrationWorker = { worker: Worker<CalibrationJobData>; active: () => number };

export function createCalibrationWorker(log: Logger): CalibrationWorker {
  let active = 0;
  const worker = new Worker<CalibrationJobData>(
    CALIBRATION_QUEUE,
    async (job: Job<CalibrationJobData>) => {
      const jobLog = log.child({ jobId: job.id, calibrationRunId: job.data.runId, attempt: job.attemptsMade + 1 });
      active++;
      const status = await runCalibrationJob(job.data.runId, jobLog).finally(() => active--);
      if (status === "FAILED") throw new UnrecoverableError("judge calibration failed");
      return { status: status ?? "skipped" };
    },
    {
      connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: env.QUEUE_PREFIX,
      concurrency: 1,
      lockDuration: env.WORKER_LOCK_DURATION_MS,
      stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
      maxStalledCount: 2,
    },
  );
  worker.on("failed", (job, err) => {
    if (!job || err.name === "UnrecoverableError" || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    void markCalibrationFailed(
      job.data.runId,
      `Gave up after ${job.attemptsMade} attempt(s): ${describeError(err)}`,
    ).catch((e: unknown) =>
      log.error({ jobId: job.id, err: describeError(e) }, "could not mark the calibration FAILED"),
    );
  });
  worker.on("error", (err) => log.error({ err: describeError(err) }, "calibration worker error"));
  return { worker, active: () => active };
}

import { UnrecoverableError } from "bullmq";
import type { Logger } from "@/lib/server/logger";
import { describeError } from "./errors";
import { markCalibrationFailed, runCalibrationJob } from "./processors/judge-calibration";
import { startQueueWorker } from "./start";

export function createCalibrationWorker(log: Logger) {
  return startQueueWorker("judge-calibration", log, {
    concurrency: 1,
    maxStalledCount: 2,
    run: async (job) => {
      const jobLog = log.child({ jobId: job.id, calibrationRunId: job.data.runId, attempt: job.attemptsMade + 1 });
      const status = await runCalibrationJob(job.data.runId, jobLog);
      if (status === "FAILED") throw new UnrecoverableError("judge calibration failed");
      return { status: status ?? "skipped" };
    },
    onGaveUp: (job, err) =>
      markCalibrationFailed(job.data.runId, `Gave up after ${job.attemptsMade} attempt(s): ${describeError(err)}`),
  });
}

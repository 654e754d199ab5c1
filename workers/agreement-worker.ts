import { UnrecoverableError } from "bullmq";
import type { Logger } from "@/lib/server/logger";
import { describeError } from "./errors";
import { markAgreementFailed, runAgreementJob } from "./processors/judge-agreement";
import { startQueueWorker } from "./start";

// One check at a time per process: each is a burst of judge calls.
export function createAgreementWorker(log: Logger) {
  return startQueueWorker("judge-agreement", log, {
    concurrency: 1,
    maxStalledCount: 2,
    run: async (job) => {
      const jobLog = log.child({ jobId: job.id, agreementRunId: job.data.runId, attempt: job.attemptsMade + 1 });
      jobLog.info("agreement check started");
      const run = await runAgreementJob(job.data.runId, jobLog);
      if (run?.status === "FAILED") throw new UnrecoverableError(run.error ?? "agreement check failed");
      return { status: run?.status ?? "skipped" };
    },
    onGaveUp: (job, err) =>
      markAgreementFailed(job.data.runId, `Gave up after ${job.attemptsMade} attempt(s): ${describeError(err)}`),
  });
}

import { UnrecoverableError, Worker, type Job } from "bullmq";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import { AGREEMENT_QUEUE, type AgreementJobData } from "@/lib/server/operations/agreement-runs";
import { describeError } from "./errors";
import { markAgreementFailed, runAgreementJob } from "./processors/judge-agreement";

// The BullMQ worker of the judge-agreement queue, one check at a time per process (each check
// is a burst of judge calls; the scoring queue keeps its own slots). index.ts owns the process.

export type AgreementWorker = { worker: Worker<AgreementJobData>; active: () => number };

export function createAgreementWorker(log: Logger): AgreementWorker {
  let active = 0;
  const worker = new Worker<AgreementJobData>(
    AGREEMENT_QUEUE,
    async (job: Job<AgreementJobData>) => {
      const jobLog = log.child({ jobId: job.id, agreementRunId: job.data.runId, attempt: job.attemptsMade + 1 });
      jobLog.info("agreement check started");
      active++;
      const run = await runAgreementJob(job.data.runId, jobLog).finally(() => active--);
      // The row already says FAILED and why; nothing to retry.
      if (run?.status === "FAILED") throw new UnrecoverableError(run.error ?? "agreement check failed");
      return { status: run?.status ?? "skipped" };
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
    // Retries exhausted on transient errors (or stalled too often): the admin sees why.
    void markAgreementFailed(
      job.data.runId,
      `Gave up after ${job.attemptsMade} attempt(s): ${describeError(err)}`,
    ).catch((e: unknown) =>
      log.error({ jobId: job.id, err: describeError(e) }, "could not mark the agreement check FAILED"),
    );
  });
  worker.on("error", (err) => log.error({ err: describeError(err) }, "agreement worker error"));
  return { worker, active: () => active };
}

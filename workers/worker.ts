import { UnrecoverableError, Worker, type Job } from "bullmq";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import { SCORING_QUEUE, scoringJobId, type ScoringJobData } from "@/lib/server/queue";
import { describeError } from "./errors";
import { markGaveUp, scoreSubmissionPipeline } from "./processors/score-submission";

// The stalled event carries only the job id, which is scoringJobId(submissionId).
function submissionIdOfJob(jobId: string): string | undefined {
  const prefix = scoringJobId("");
  return jobId.startsWith(prefix) ? jobId.slice(prefix.length) : undefined;
}

export type WorkerStats = { processed: number; failed: number; active: number };

/** The BullMQ worker of the scoring queue (no signals, no timers: index.ts owns the process). */
export function createScoringWorker(
  log: Logger,
  stats: WorkerStats = { processed: 0, failed: 0, active: 0 },
): Worker<ScoringJobData> {
  const worker = new Worker<ScoringJobData>(
    SCORING_QUEUE,
    async (job: Job<ScoringJobData>) => {
      const submissionId = job.data.submissionId;
      const jobLog = log.child({ jobId: job.id, submissionId, attempt: job.attemptsMade + 1 });
      jobLog.info("job started");
      stats.active++;
      const outcome = await scoreSubmissionPipeline(submissionId, jobLog, job.id).finally(() => stats.active--);
      // The submission row already says FAILED and why; tell BullMQ not to retry.
      if (outcome === "failed") throw new UnrecoverableError(`submission ${submissionId} failed permanently`);
      return { outcome };
    },
    {
      connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: env.QUEUE_PREFIX,
      concurrency: env.WORKER_CONCURRENCY,
      lockDuration: env.WORKER_LOCK_DURATION_MS,
      stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
      // A job whose worker died is put back once; a second stall means it kills workers.
      maxStalledCount: 2,
    },
  );

  worker.on("completed", (job) => {
    stats.processed++;
    log.info({ jobId: job.id, submissionId: job.data.submissionId, result: job.returnvalue }, "job completed");
  });
  worker.on("failed", (job, err) => {
    stats.failed++;
    if (!job) return;
    const submissionId = job.data.submissionId;
    const attempts = job.opts.attempts ?? 1;
    const final =
      err instanceof UnrecoverableError || err.name === "UnrecoverableError" || job.attemptsMade >= attempts;
    log.warn(
      { jobId: job.id, submissionId, attemptsMade: job.attemptsMade, final, err: describeError(err) },
      "job failed",
    );
    if (final && err.name !== "UnrecoverableError") {
      // Retries are exhausted (or the job stalled too often): record why, so the submitter sees it.
      void markGaveUp(
        submissionId,
        `Scoring gave up after ${job.attemptsMade} attempt(s): ${describeError(err)}`,
      ).catch((e: unknown) =>
        log.error(
          { jobId: job.id, submissionId, err: describeError(e) },
          "could not mark submission FAILED; the reconciler will retry it",
        ),
      );
    }
  });
  worker.on("stalled", (jobId) =>
    log.warn({ jobId, submissionId: submissionIdOfJob(jobId) }, "job stalled (its worker died?); it will be retried"),
  );
  worker.on("error", (err) => log.error({ err: describeError(err) }, "worker error"));
  return worker;
}

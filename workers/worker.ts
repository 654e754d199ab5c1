import { DelayedError, UnrecoverableError } from "bullmq";
import { JudgeBudgetSpent } from "@/lib/server/judge/daily-budget";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import { scoringJobId } from "@/lib/server/queue";
import { describeError } from "./errors";
import { markGaveUp, scoreSubmissionPipeline } from "./processors/score-submission";
import { isFinalFailure, startQueueWorker } from "./start";

// The stalled event carries only the job id, which is scoringJobId(submissionId).
function submissionIdOfJob(jobId: string): string | undefined {
  const prefix = scoringJobId("");
  return jobId.startsWith(prefix) ? jobId.slice(prefix.length) : undefined;
}

export function createScoringWorker(log: Logger) {
  const scoring = startQueueWorker("scoring", log, {
    concurrency: env.WORKER_CONCURRENCY,
    maxStalledCount: 2, // a job whose worker died is put back once; a second stall means it kills workers
    run: async (job, token) => {
      const submissionId = job.data.submissionId;
      const jobLog = log.child({ jobId: job.id, submissionId, attempt: job.attemptsMade + 1 });
      jobLog.info("job started");
      const outcome = await scoreSubmissionPipeline(submissionId, jobLog, job.id).catch(async (e: unknown) => {
        if (!(e instanceof JudgeBudgetSpent)) throw e;
        // Lexical scores are stored; the judge stage waits for tomorrow without using an attempt.
        jobLog.info({ resumesAt: e.resumesAt.toISOString() }, "judge daily budget spent; judge stage delayed");
        await job.moveToDelayed(e.resumesAt.getTime(), token);
        throw new DelayedError();
      });
      if (outcome === "failed") throw new UnrecoverableError(`submission ${submissionId} failed permanently`);
      return { outcome };
    },
    onGaveUp: (job, err) =>
      markGaveUp(job.data.submissionId, `Scoring gave up after ${job.attemptsMade} attempt(s): ${describeError(err)}`),
  });
  const { worker } = scoring;
  worker.on("completed", (job) =>
    log.info({ jobId: job.id, submissionId: job.data.submissionId, result: job.returnvalue }, "job completed"),
  );
  worker.on("failed", (job, err) => {
    if (!job) return;
    const final = isFinalFailure(job, err);
    const { submissionId } = job.data;
    log.warn(
      { jobId: job.id, submissionId, attemptsMade: job.attemptsMade, final, err: describeError(err) },
      "job failed",
    );
  });
  worker.on("stalled", (jobId) =>
    log.warn({ jobId, submissionId: submissionIdOfJob(jobId) }, "job stalled (its worker died?); it will be retried"),
  );
  return scoring;
}

export type ScoringWorker = ReturnType<typeof createScoringWorker>;

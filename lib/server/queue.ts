import "server-only";
import { withTimeout } from "@/lib/server/with-timeout";
import { Queue, type JobsOptions } from "bullmq";
import { env } from "./env";

// Producer side of the scoring queue. The queue carries only submission ids: Postgres is
// the source of truth, so a lost enqueue is repaired by the worker's reconciler.

export const SCORING_QUEUE = "scoring";
export type ScoringJobData = { submissionId: string };

export function scoringJobId(submissionId: string): string {
  // One id per submission makes duplicate enqueues collapse into one job. BullMQ 6 rejects
  // custom ids containing ":" (unless split in exactly 3 parts), so "score:<id>" is spelled
  // "score-<id>".
  return `score-${submissionId}`;
}

export function redisConnectionOptions(url: string = env.REDIS_URL) {
  return { url, connectTimeout: Math.max(500, env.ENQUEUE_TIMEOUT_MS) };
}

export function scoringJobOptions(submissionId: string): JobsOptions {
  return {
    jobId: scoringJobId(submissionId),
    attempts: env.JOB_ATTEMPTS,
    backoff: { type: "exponential", delay: env.JOB_BACKOFF_MS },
    removeOnComplete: true,
    // Keep failed jobs for a week for diagnosis; enqueueScoring replaces them on retry.
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

let queue: Queue<ScoringJobData> | undefined;

export function getScoringQueue(): Queue<ScoringJobData> {
  queue ??= new Queue<ScoringJobData>(SCORING_QUEUE, {
    connection: { ...redisConnectionOptions(), maxRetriesPerRequest: 1 },
    prefix: env.QUEUE_PREFIX,
  });
  // Without a listener, connection errors would crash the process as unhandled 'error' events.
  if (queue.listenerCount("error") === 0) queue.on("error", () => undefined);
  return queue;
}

async function addOrReplace(submissionId: string): Promise<"added" | "exists"> {
  const q = getScoringQueue();
  const existing = await q.getJob(scoringJobId(submissionId));
  if (existing) {
    const state = await existing.getState();
    // A finished job with the same id would swallow the new add: remove it so a retry or
    // rescore really runs. Waiting/active/delayed jobs already cover this submission.
    if (state === "completed" || state === "failed") await existing.remove();
    else return "exists";
  }
  await q.add("score", { submissionId }, scoringJobOptions(submissionId));
  return "added";
}

/** Enqueue scoring; rejects quickly (ENQUEUE_TIMEOUT_MS) when Redis is unreachable. */
export async function enqueueScoring(submissionId: string): Promise<"added" | "exists"> {
  try {
    return await withTimeout(addOrReplace(submissionId), env.ENQUEUE_TIMEOUT_MS, "enqueue", "is Redis reachable?");
  } catch (e) {
    // Drop the connection so the timed-out add is abandoned rather than replayed whenever
    // Redis comes back: the caller was told it failed, and the reconciler owns the retry.
    dropQueue();
    throw e;
  }
}

function dropQueue(): void {
  const q = queue;
  queue = undefined;
  if (q) void q.disconnect().catch(() => undefined);
}

/** State of the job for a submission, or null when there is none. */
export async function scoringJobState(submissionId: string): Promise<string | null> {
  try {
    const job = await withTimeout(
      getScoringQueue().getJob(scoringJobId(submissionId)),
      env.ENQUEUE_TIMEOUT_MS,
      "getJob",
      "is Redis reachable?",
    );
    return job ? await job.getState() : null;
  } catch (e) {
    dropQueue();
    throw e;
  }
}

export async function closeScoringQueue(): Promise<void> {
  const q = queue;
  queue = undefined;
  if (q) await q.close().catch(() => undefined);
}

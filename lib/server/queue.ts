import "server-only";
import { withTimeout } from "@/lib/server/with-timeout";
import { Queue, type ConnectionOptions, type JobsOptions } from "bullmq";
import { env } from "./env";

// Queues carry only ids: Postgres is the source of truth, so the reconciler repairs a lost enqueue.

const WEEK_S = 7 * 24 * 3600;

export type JobDataOf = {
  scoring: { submissionId: string };
  "judge-agreement": { runId: string };
  "judge-calibration": { runId: string };
  webhooks: { deliveryId: string };
};
export type QueueName = keyof JobDataOf;

function defaultJobOptions(name: QueueName): JobsOptions {
  const webhooks = name === "webhooks";
  return {
    attempts: webhooks ? env.WEBHOOK_MAX_ATTEMPTS : env.JOB_ATTEMPTS,
    backoff: { type: "exponential", delay: webhooks ? env.WEBHOOK_BACKOFF_MS : env.JOB_BACKOFF_MS },
    removeOnComplete: true,
    removeOnFail: { age: WEEK_S },
  };
}

/** A worker's blocking connection (BullMQ requires maxRetriesPerRequest: null). */
export const workerConnection = (): ConnectionOptions => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });

const queues = new Map<QueueName, Queue>();

export function getQueue<N extends QueueName>(name: N): Queue<JobDataOf[N]> {
  let q = queues.get(name);
  if (!q) {
    q = new Queue(name, {
      connection: {
        url: env.REDIS_URL,
        connectTimeout: Math.max(500, env.ENQUEUE_TIMEOUT_MS),
        maxRetriesPerRequest: 1,
      },
      prefix: env.QUEUE_PREFIX,
      defaultJobOptions: defaultJobOptions(name),
    });
    // An unhandled 'error' event would crash the process.
    q.on("error", () => undefined);
    queues.set(name, q);
  }
  return q as Queue<JobDataOf[N]>;
}

/** On failure the connection is dropped, so a timed-out add is abandoned rather than replayed later. */
export async function onQueue<N extends QueueName, T>(
  name: N,
  what: string,
  call: (q: Queue<JobDataOf[N]>) => Promise<T>,
): Promise<T> {
  try {
    return await withTimeout(call(getQueue(name)), env.ENQUEUE_TIMEOUT_MS, what, "is Redis reachable?");
  } catch (e) {
    const q = queues.get(name);
    queues.delete(name);
    if (q) void q.disconnect().catch(() => undefined);
    throw e;
  }
}

export async function closeQueues(): Promise<void> {
  const open = [...queues.values()];
  queues.clear();
  await Promise.all(open.map((q) => q.close().catch(() => undefined)));
}

export function scoringJobId(submissionId: string): string {
  // One id per submission collapses duplicate enqueues; BullMQ rejects most ids containing ":".
  return `score-${submissionId}`;
}

export function enqueueScoring(submissionId: string): Promise<"added" | "exists"> {
  return onQueue("scoring", "enqueue", async (q) => {
    const existing = await q.getJob(scoringJobId(submissionId));
    if (existing) {
      const state = await existing.getState();
      // A finished job with the same id would swallow the new add.
      if (state === "completed" || state === "failed") await existing.remove();
      else return "exists";
    }
    await q.add("score", { submissionId }, { jobId: scoringJobId(submissionId) });
    return "added";
  });
}

export function scoringJobState(submissionId: string): Promise<string | null> {
  return onQueue("scoring", "getJob", async (q) => {
    const job = await q.getJob(scoringJobId(submissionId));
    return job ? await job.getState() : null;
  });
}

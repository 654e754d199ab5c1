import "server-only";
import { Queue } from "bullmq";
import { db } from "../db";
import { env } from "../env";
import { logger } from "../logger";
import { markDeliveryFailed } from "./deliver";
import { redisConnectionOptions } from "../queue";
import { withTimeout } from "../with-timeout";

// The "webhooks" queue carries delivery ids (the WebhookDelivery row is the truth). One job per
// delivery (job id = delivery id), retried with exponential backoff by BullMQ.

export const WEBHOOK_QUEUE = "webhooks";
export type WebhookJobData = { deliveryId: string };

let queue: Queue<WebhookJobData> | undefined;

function webhookQueue(): Queue<WebhookJobData> {
  queue ??= new Queue<WebhookJobData>(WEBHOOK_QUEUE, {
    connection: { ...redisConnectionOptions(), maxRetriesPerRequest: 1 },
    prefix: env.QUEUE_PREFIX,
  });
  queue.on("error", (err) => logger.warn({ err: err.message }, "webhook queue connection error"));
  return queue;
}

async function addDeliveryJobs(ids: string[]): Promise<void> {
  const opts = {
    attempts: env.WEBHOOK_MAX_ATTEMPTS,
    backoff: { type: "exponential", delay: env.WEBHOOK_BACKOFF_MS },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 3600 },
  };
  // The job id is the delivery id: adding one that is already queued is a no-op.
  await withTimeout(
    webhookQueue().addBulk(
      ids.map((deliveryId) => ({ name: "deliver", data: { deliveryId }, opts: { ...opts, jobId: deliveryId } })),
    ),
    env.ENQUEUE_TIMEOUT_MS,
    "enqueue webhooks",
  );
}

/** Enqueues deliveries after their rows committed; a Redis outage leaves them PENDING (logged) for the reconciler. */
export async function enqueueDeliveries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await addDeliveryJobs(ids);
  } catch (err) {
    logger.warn({ err: (err as Error).message, deliveries: ids }, "webhook deliveries not enqueued; they stay PENDING");
  }
}

/** A PENDING row younger than this may still be on its way into the queue. */
export const DELIVERY_GRACE_MS = 30_000;
export type RequeueResult = { checked: number; enqueued: number; failed: number };

/**
 * Reconciler pass: a PENDING delivery whose job is missing (Redis was down, the enqueue failed or
 * Redis lost it) is enqueued again; one whose job ended FAILED without the row saying so is
 * marked FAILED. Throws when Redis is unreachable (the next round retries).
 */
export async function requeuePendingDeliveries(now: Date = new Date()): Promise<RequeueResult> {
  const rows = await db.webhookDelivery.findMany({
    where: { status: "PENDING", createdAt: { lt: new Date(now.getTime() - DELIVERY_GRACE_MS) } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 1000,
  });
  const result: RequeueResult = { checked: rows.length, enqueued: 0, failed: 0 };
  const missing: string[] = [];
  for (const { id } of rows) {
    const state = await withTimeout(webhookQueue().getJobState(id), env.ENQUEUE_TIMEOUT_MS, "webhook job state");
    if (state === "unknown") missing.push(id);
    else if (state === "failed") {
      await markDeliveryFailed(id);
      result.failed++;
    }
  }
  if (missing.length) await addDeliveryJobs(missing);
  result.enqueued = missing.length;
  return result;
}

export async function getWebhookQueue(): Promise<Queue<WebhookJobData>> {
  return webhookQueue();
}

export async function closeWebhookQueue(): Promise<void> {
  const q = queue;
  queue = undefined;
  await q?.close();
}

import "server-only";
import { Queue } from "bullmq";
import { env } from "../env";
import { logger } from "../logger";
import { redisConnectionOptions } from "../queue";
import { withTimeout } from "../with-timeout";

// The "webhooks" queue carries delivery ids (the WebhookDelivery row is the truth). One job per
// delivery (job id = delivery id), retried with exponential backoff by BullMQ.

export const WEBHOOK_QUEUE = "webhooks";
export type WebhookJobData = { deliveryId: string };

let queue: Queue<WebhookJobData> | undefined;

function webhookQueue(): Queue<WebhookJobData> {
  queue ??= new Queue<WebhookJobData>(WEBHOOK_QUEUE, { connection: { ...redisConnectionOptions(), maxRetriesPerRequest: 1 }, prefix: env.QUEUE_PREFIX });
  queue.on("error", (err) => logger.warn({ err: err.message }, "webhook queue connection error"));
  return queue;
}

/** Enqueues deliveries after their rows committed; a Redis outage leaves them PENDING (logged). */
export async function enqueueDeliveries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const opts = { attempts: env.WEBHOOK_MAX_ATTEMPTS, backoff: { type: "exponential", delay: env.WEBHOOK_BACKOFF_MS }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } };
  try {
    await withTimeout(webhookQueue().addBulk(ids.map((deliveryId) => ({ name: "deliver", data: { deliveryId }, opts: { ...opts, jobId: deliveryId } }))), env.ENQUEUE_TIMEOUT_MS, "enqueue webhooks");
  } catch (err) {
    logger.warn({ err: (err as Error).message, deliveries: ids }, "webhook deliveries not enqueued; they stay PENDING");
  }
}

export async function getWebhookQueue(): Promise<Queue<WebhookJobData>> {
  return webhookQueue();
}

export async function closeWebhookQueue(): Promise<void> {
  const q = queue;
  queue = undefined;
  await q?.close();
}

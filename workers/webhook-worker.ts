import { UnrecoverableError, Worker, type Job } from "bullmq";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import { attemptDelivery, markDeliveryFailed, PermanentDeliveryError } from "@/lib/server/notify/deliver";
import { WEBHOOK_QUEUE, type WebhookJobData } from "@/lib/server/notify/webhook-queue";
import { describeError } from "./errors";

// The BullMQ worker of the webhooks queue. Each attempt is bounded by WEBHOOK_TIMEOUT_MS, so a
// receiver that hangs costs one slot for that long and is retried later with backoff; several
// deliveries run at once so one slow receiver does not hold up the others. index.ts owns the process.

export type WebhookWorker = { worker: Worker<WebhookJobData>; active: () => number };

export function createWebhookWorker(log: Logger): WebhookWorker {
  let active = 0;
  const worker = new Worker<WebhookJobData>(
    WEBHOOK_QUEUE,
    async (job: Job<WebhookJobData>) => {
      active++;
      try {
        return { outcome: await attemptDelivery(job.data.deliveryId) };
      } catch (e) {
        log.warn(
          { jobId: job.id, attempt: job.attemptsMade + 1, err: describeError(e) },
          "webhook delivery attempt failed",
        );
        if (e instanceof PermanentDeliveryError) throw new UnrecoverableError(e.message);
        throw e;
      } finally {
        active--;
      }
    },
    {
      connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: env.QUEUE_PREFIX,
      concurrency: 8,
      lockDuration: Math.max(env.WORKER_LOCK_DURATION_MS, env.WEBHOOK_TIMEOUT_MS * 2),
      stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
    },
  );
  worker.on("failed", (job, err) => {
    if (!job || err.name === "UnrecoverableError" || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    void markDeliveryFailed(job.data.deliveryId).catch((e: unknown) =>
      log.error({ jobId: job.id, err: describeError(e) }, "could not mark the webhook delivery FAILED"),
    );
  });
  worker.on("error", (err) => log.error({ err: describeError(err) }, "webhook worker error"));
  return { worker, active: () => active };
}

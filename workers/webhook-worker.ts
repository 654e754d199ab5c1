import { DelayedError, UnrecoverableError, Worker, type Job } from "bullmq";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import {
  attemptDelivery,
  deliveryAccount,
  markDeliveryFailed,
  PermanentDeliveryError,
} from "@/lib/server/notify/deliver";
import { WEBHOOK_QUEUE, type WebhookJobData } from "@/lib/server/notify/webhook-queue";
import { describeError } from "./errors";

// The BullMQ worker of the webhooks queue. Each attempt is bounded by WEBHOOK_TIMEOUT_MS, so a
// receiver that hangs costs one slot for that long and is retried later with backoff; several
// deliveries run at once so one slow receiver does not hold up the others, and one account holds at
// most PER_ACCOUNT of them (per process): its slow endpoints cannot delay another account's
// deliveries. A job over the cap goes back to the delayed set without using an attempt.
// index.ts owns the process.

export const CONCURRENCY = 8;
export const PER_ACCOUNT = 2;
const WAIT_MS = 250;

export type WebhookWorker = { worker: Worker<WebhookJobData>; active: () => number };

export function createWebhookWorker(log: Logger): WebhookWorker {
  let active = 0;
  const perAccount = new Map<string, number>();
  const worker = new Worker<WebhookJobData>(
    WEBHOOK_QUEUE,
    async (job: Job<WebhookJobData>, token?: string) => {
      const account = await deliveryAccount(job.data.deliveryId);
      if (account && (perAccount.get(account) ?? 0) >= PER_ACCOUNT) {
        await job.moveToDelayed(Date.now() + WAIT_MS, token);
        throw new DelayedError();
      }
      if (account) perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
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
        if (account) {
          const n = (perAccount.get(account) ?? 1) - 1;
          if (n > 0) perAccount.set(account, n);
          else perAccount.delete(account);
        }
      }
    },
    {
      connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: env.QUEUE_PREFIX,
      concurrency: CONCURRENCY,
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

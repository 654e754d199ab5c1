import { DelayedError, UnrecoverableError } from "bullmq";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import {
  attemptDelivery,
  deliveryAccount,
  markDeliveryFailed,
  PermanentDeliveryError,
} from "@/lib/server/notify/deliver";
import { describeError } from "./errors";
import { startQueueWorker } from "./start";

// The webhooks queue. Each attempt is bounded by WEBHOOK_TIMEOUT_MS; several run at once so one
// slow receiver does not hold up the others, and one account holds at most PER_ACCOUNT of them
// (per process). A job over the cap goes back to the delayed set without using an attempt.

export const CONCURRENCY = 8;
export const PER_ACCOUNT = 2;
const WAIT_MS = 250;

export function createWebhookWorker(log: Logger) {
  const perAccount = new Map<string, number>(); // running deliveries per account (a counter, not a cache)
  return startQueueWorker("webhooks", log, {
    concurrency: CONCURRENCY,
    lockDuration: Math.max(env.WORKER_LOCK_DURATION_MS, env.WEBHOOK_TIMEOUT_MS * 2),
    run: async (job, token) => {
      const account = await deliveryAccount(job.data.deliveryId);
      if (account && (perAccount.get(account) ?? 0) >= PER_ACCOUNT) {
        await job.moveToDelayed(Date.now() + WAIT_MS, token);
        throw new DelayedError();
      }
      if (account) perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
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
        const n = account ? (perAccount.get(account) ?? 1) - 1 : 0;
        if (account && n > 0) perAccount.set(account, n);
        else if (account) perAccount.delete(account);
      }
    },
    onGaveUp: (job) => markDeliveryFailed(job.data.deliveryId),
  });
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

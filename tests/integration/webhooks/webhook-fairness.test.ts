// Issue 31: test deliveries are rate-limited per account (issue 47: not per endpoint id), endpoint
// creation too, and one account's endpoints
// that never answer (a real loopback server) hold at most PER_ACCOUNT worker slots, so another
// account's delivery goes out at once instead of waiting for their timeouts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as testRoute from "@/app/api/v1/webhooks/[id]/test/route";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { createWebhook } from "@/lib/server/notify/endpoints";
import { TEST_EVENT } from "@/lib/server/notify/events-types";
import { getQueue } from "@/lib/server/queue";
import { enqueueWebhooks, recordWebhooks } from "@/lib/server/notify/outbox";
import { CONCURRENCY, createWebhookWorker, PER_ACCOUNT, type WebhookWorker } from "@/workers/webhook-worker";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { setEnv, waitFor } from "../../support/pipeline-helpers";
import { startWebhookReceiver } from "../../support/webhook-receiver";

const log = logger.child({ test: "webhook-fairness" });
log.level = "error";
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: WebhookWorker | undefined;
let slow: Awaited<ReturnType<typeof userWithToken>>;
let other: Awaited<ReturnType<typeof userWithToken>>;
const sendTest = (id: string, token: string) =>
  testRoute.POST(req(`/api/v1/webhooks/${id}/test`, { method: "POST", token }), ctx({ id }));

beforeAll(async () => {
  await setEnv({
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIMEOUT_MS: "30000",
    WEBHOOK_BACKOFF_MS: "50",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-fair-${process.pid}`,
  });
  receiver = await startWebhookReceiver(() => undefined);
  [slow, other] = await Promise.all([
    userWithToken("fair-slow", "SUBMITTER"),
    userWithToken("fair-other", "SUBMITTER"),
  ]);
});
afterAll(async () => {
  await worker?.worker.close(true);
  await getQueue("webhooks").obliterate({ force: true });
  await receiver?.close();
  await db.user.deleteMany({ where: { id: { in: [slow?.id, other?.id].filter(Boolean) } } });
  await setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined, WEBHOOK_TIMEOUT_MS: undefined, WEBHOOK_BACKOFF_MS: undefined });
});

describe("webhook test calls and deliveries per account", () => {
  it("test calls are limited per account, whatever the endpoint", async () => {
    const a = await createWebhook(slow.id, { url: receiver.url("/hang-limit-a"), events: ["submission.scored"] });
    const b = await createWebhook(slow.id, { url: receiver.url("/hang-limit-b"), events: ["submission.scored"] });
    for (let i = 0; i < 5; i++) expect((await sendTest(a.id, slow.token)).status).toBe(202);
    const limited = await sendTest(a.id, slow.token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another endpoint (or a new one) shares the account's budget.
    expect((await sendTest(b.id, slow.token)).status).toBe(429);
  });

  it("endpoint creation is limited per account, so delete-and-add cannot churn", async () => {
    const churn = await userWithToken("fair-churn", "SUBMITTER");
    try {
      for (let i = 0; i < 20; i++) {
        const e = await createWebhook(churn.id, { url: receiver.url(`/churn-${i}`), events: ["submission.scored"] });
        await db.webhookEndpoint.delete({ where: { id: e.id } });
      }
      await expect(
        createWebhook(churn.id, { url: receiver.url("/churn-21"), events: ["submission.scored"] }),
      ).rejects.toMatchObject({ code: "RATE_LIMITED" });
      expect(await db.webhookEndpoint.count({ where: { userId: churn.id } })).toBe(0);
    } finally {
      await db.user.delete({ where: { id: churn.id } });
    }
  });

  it("an account whose endpoints never answer cannot delay another account's delivery", async () => {
    const hang = await createWebhook(slow.id, { url: receiver.url("/hang-fair"), events: ["submission.scored"] });
    const ids = await recordWebhooks(
      db,
      Array.from({ length: CONCURRENCY * 2 }, () => hang.id),
      TEST_EVENT,
      { message: "slow" },
    );
    await enqueueWebhooks(ids);
    worker = createWebhookWorker(log);
    // Every endpoint of the slow account hangs (the first test queued some too).
    const hanging = () => receiver.received.filter((r) => r.path.startsWith("/hang")).length;
    await waitFor(async () => hanging() >= PER_ACCOUNT, "the slow account's deliveries reach its endpoint", 10_000);
    const ok = await createWebhook(other.id, { url: receiver.url("/ok-fair"), events: ["submission.scored"] });
    const started = Date.now();
    const res = await sendTest(ok.id, other.token);
    expect(res.status).toBe(202);
    const { deliveryId } = (await res.json()) as { deliveryId: string };
    await waitFor(
      async () => (await db.outboxMessage.findUnique({ where: { id: deliveryId } }))?.status === "DONE",
      "the other account's delivery",
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000); // far below the slow endpoint's 30 s timeout
    expect(hanging()).toBeLessThanOrEqual(PER_ACCOUNT);
  });
});

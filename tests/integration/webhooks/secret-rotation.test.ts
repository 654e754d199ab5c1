// Issue 31: an endpoint's signing secret can be rotated (POST /api/v1/webhooks/{id}/secret,
// owner only): deliveries signed afterwards verify with the new secret and not the old one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as rotateRoute from "@/app/api/v1/webhooks/[id]/secret/route";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { createWebhook, sendTestWebhook } from "@/lib/server/notify/endpoints";
import { getQueue } from "@/lib/server/queue";
import { createWebhookWorker, type WebhookWorker } from "@/workers/webhook-worker";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { setEnv, waitFor } from "../../support/pipeline-helpers";
import { startWebhookReceiver } from "../../support/webhook-receiver";

const log = logger.child({ test: "secret-rotation" });
log.level = "error";
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: WebhookWorker;
let owner: Awaited<ReturnType<typeof userWithToken>>;
let other: Awaited<ReturnType<typeof userWithToken>>;
let secret = "";
const rotate = (id: string, token: string) =>
  rotateRoute.POST(req(`/api/v1/webhooks/${id}/secret`, { method: "POST", token }), ctx({ id }));

beforeAll(async () => {
  await setEnv({
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_BACKOFF_MS: "50",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-rotate-${process.pid}`,
  });
  receiver = await startWebhookReceiver(() => secret);
  worker = createWebhookWorker(log);
  [owner, other] = await Promise.all([
    userWithToken("rotate-owner", "SUBMITTER"),
    userWithToken("rotate-other", "SUBMITTER"),
  ]);
});
afterAll(async () => {
  await worker?.worker.close(true);
  await getQueue("webhooks").obliterate({ force: true });
  await receiver?.close();
  await db.user.deleteMany({ where: { id: { in: [owner?.id, other?.id].filter(Boolean) } } });
  await setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined, WEBHOOK_BACKOFF_MS: undefined });
});

describe("webhook secret rotation", () => {
  it("the owner gets a new secret, later deliveries verify with it, others get 404", async () => {
    const hook = await createWebhook(owner.id, { url: receiver.url("/ok-rotate"), events: ["submission.scored"] });
    const old = hook.secret;
    expect((await rotate(hook.id, other.token)).status).toBe(404);
    const res = await rotate(hook.id, owner.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; secret: string };
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(old);
    secret = body.secret;
    await sendTestWebhook(owner.id, hook.id);
    const got = await waitFor(
      async () => receiver.received.find((r) => r.path === "/ok-rotate"),
      "the test delivery",
      10_000,
    );
    expect(got.validSignature).toBe(true);
    // The receiver answers before the worker records the outcome: wait for the row.
    const delivery = await waitFor(
      async () => {
        const d = await db.outboxMessage.findUniqueOrThrow({ where: { id: got.id } });
        return d.status === "PENDING" ? undefined : d;
      },
      "the delivery's outcome",
      10_000,
    );
    expect(delivery.status).toBe("DONE");
    expect(await db.auditEvent.count({ where: { action: "webhook.rotate-secret", targetId: hook.id } })).toBe(1);
  });
});

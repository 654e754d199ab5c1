// Webhooks over real HTTP: endpoints registered through the API, events from the real pipeline
// and review code, delivered by the real BullMQ webhook worker to loopback receivers that check
// the Standard Webhooks signature themselves; one receiver hangs (timeouts, retries, FAILED in
// the log) without holding up the others, one answers 500 then 200; private targets are refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { getQueue } from "@/lib/server/queue";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { createWebhookWorker, type WebhookWorker } from "@/workers/webhook-worker";
import { fixtureBlob, userWithToken } from "../../support/api-helpers";
import { setEnv, waitFor } from "../../support/pipeline-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { startWebhookReceiver } from "../../support/webhook-receiver";

const log = logger.child({ test: "webhooks" });
log.level = "error";
const secrets = new Map<string, string>();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let server: RouteServer;
let worker: WebhookWorker;
let author: Awaited<ReturnType<typeof userWithToken>>;
let other: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function register(path: string, events: string[], token = author.token): Promise<string> {
  const r = await api("/api/v1/webhooks", token, { method: "POST", body: { url: receiver.url(path), events } });
  expect(r.status).toBe(201);
  const body = (await r.json()) as { id: string; secret: string };
  expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  secrets.set(path, body.secret);
  return body.id;
}

const deliveryOf = (endpointId: string, event: string) =>
  waitFor(
    async () => {
      const d = await db.outboxMessage.findFirst({ where: { endpointId, event, status: { not: "PENDING" } } });
      return d;
    },
    `a finished ${event} delivery to ${endpointId}`,
    30_000,
  );

beforeAll(async () => {
  await setEnv({
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIMEOUT_MS: "400",
    WEBHOOK_BACKOFF_MS: "50",
    WEBHOOK_MAX_ATTEMPTS: "3",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-webhooks-${process.pid}`,
  });
  receiver = await startWebhookReceiver((path) => secrets.get(path));
  server = await startRouteServer();
  worker = createWebhookWorker(log);
  [author, other, admin] = await Promise.all([
    userWithToken("wh-author", "SUBMITTER"),
    userWithToken("wh-other", "SUBMITTER"),
    userWithToken("wh-admin", "ADMIN"),
  ]);
});
afterAll(async () => {
  await worker?.worker.close(true);
  await getQueue("webhooks").obliterate({ force: true });
  await server?.close();
  await receiver?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, other?.id, admin?.id].filter(Boolean) } } });
  await setEnv({
    WEBHOOK_ALLOW_PRIVATE: undefined,
    WEBHOOK_TIMEOUT_MS: undefined,
    WEBHOOK_BACKOFF_MS: undefined,
    WEBHOOK_MAX_ATTEMPTS: undefined,
  });
});

describe("webhooks", () => {
  it("delivers signed submission events; a hanging receiver times out and fails alone; 500 then 200 is delivered on the retry", async () => {
    const ok = await register("/ok", ["submission.scored", "submission.approved"]);
    const hang = await register("/hang", ["submission.scored"]);
    const flaky = await register("/flaky", ["submission.scored"]);
    const unrelated = await register("/ok-other", ["submission.scored"], other.token);

    const stamp = `wh-${Date.now()}`;
    const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
    const files = {
      dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
      multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
    };
    const { id } = await createSubmission({ userId: author.id, files, meta: { methodName: stamp }, enqueue: false });
    expect(await scoreSubmissionPipeline(id, log)).toBe("scored");

    const delivered = await deliveryOf(ok, "submission.scored");
    expect(delivered).toMatchObject({ status: "DONE", attempts: 1, lastStatus: 204 });
    const got = receiver.received.find((r) => r.path === "/ok" && r.payload.type === "submission.scored")!;
    expect(got.validSignature).toBe(true);
    expect(got.id).toBe(delivered.id);
    expect(got.payload.data).toMatchObject({
      submissionId: id,
      methodName: stamp,
      status: "SCORED",
      reviewState: "PENDING",
    });

    const retried = await deliveryOf(flaky, "submission.scored");
    expect(retried).toMatchObject({ status: "DONE", attempts: 2, lastStatus: 200 });
    const flakyCalls = receiver.received.filter((r) => r.path === "/flaky");
    expect(flakyCalls.map((r) => r.id)).toEqual([retried.id, retried.id]); // the same webhook-id on every attempt
    expect(flakyCalls.every((r) => r.validSignature)).toBe(true);

    const hung = await deliveryOf(hang, "submission.scored");
    expect(hung).toMatchObject({ status: "FAILED", attempts: 3, lastStatus: null });
    // Generic: refused, reset and timed out would tell an account which ports of a host are open.
    expect(hung.lastError).toBe("no answer (the endpoint timed out or the connection failed)");
    // Another account's endpoint hears nothing of this submission.
    expect(await db.outboxMessage.count({ where: { endpointId: unrelated } })).toBe(0);

    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    const approved = await deliveryOf(ok, "submission.approved");
    expect(approved.status).toBe("DONE");
    const approval = receiver.received.find((r) => r.payload.type === "submission.approved")!;
    expect(approval.validSignature).toBe(true);
    expect(approval.payload.data.entryUrl).toMatch(new RegExp(`/entries/${id}$`));

    // The owner sees the log: status, attempts and last error per delivery.
    const list = (await (await api("/api/v1/webhooks", author.token)).json()) as {
      webhooks: Array<{
        id: string;
        deliveries: Array<{ status: string; attempts: number; lastError: string | null }>;
      }>;
    };
    expect(list.webhooks.find((w) => w.id === hang)!.deliveries[0]).toMatchObject({
      status: "FAILED",
      attempts: 3,
      lastError: expect.stringMatching(/no answer/),
    });
    // A delivered row keeps its public name (an outbox row DONE is DELIVERED, its doneAt deliveredAt).
    expect(list.webhooks.find((w) => w.id === ok)!.deliveries[0]).toMatchObject({
      status: "DELIVERED",
      deliveredAt: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toContain("whsec_"); // the secret is shown once, at creation
  });

  it("sends a test event, deletes owner-only, and refuses bad input", async () => {
    const id = await register("/ok-test", ["submission.failed"]);
    expect((await api(`/api/v1/webhooks/${id}/test`, other.token, { method: "POST" })).status).toBe(404);
    const test = await api(`/api/v1/webhooks/${id}/test`, author.token, { method: "POST" });
    expect(test.status).toBe(202);
    expect((await deliveryOf(id, "webhook.test")).status).toBe("DONE");
    expect(receiver.received.find((r) => r.path === "/ok-test")?.validSignature).toBe(true);

    const bad = await api("/api/v1/webhooks", author.token, {
      method: "POST",
      body: { url: receiver.url("/x"), events: ["submission.nope"] },
    });
    expect(bad.status).toBe(422);
    expect((await api(`/api/v1/webhooks/${id}`, other.token, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/api/v1/webhooks/${id}`, author.token, { method: "DELETE" })).status).toBe(200);
    expect(await db.webhookEndpoint.count({ where: { id } })).toBe(0);
    expect((await fetch(`${server.url}/api/v1/webhooks`)).status).toBe(401);
  });

  it("refuses loopback and private targets unless WEBHOOK_ALLOW_PRIVATE=true, at registration and again at delivery", async () => {
    const id = await register("/ok-private", ["submission.scored"]);
    await setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined });
    try {
      for (const url of [
        receiver.url("/ok"),
        "http://10.1.2.3/hook",
        "http://169.254.169.254/latest",
        "http://[::1]:8080/",
      ]) {
        const r = await api("/api/v1/webhooks", author.token, {
          method: "POST",
          body: { url, events: ["submission.scored"] },
        });
        expect(r.status, url).toBe(422);
        expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(
          /does not resolve to a public address/,
        );
      }
      // A name is refused without saying what it resolves to.
      const named = await api("/api/v1/webhooks", author.token, {
        method: "POST",
        body: { url: "http://localhost:9/hook", events: ["submission.scored"] },
      });
      expect(named.status).toBe(422);
      const namedText = await named.text();
      expect(namedText).not.toMatch(/127\.0\.0\.1|::1/);
      // Registered while allowed; delivering now is refused once, permanently.
      expect((await api(`/api/v1/webhooks/${id}/test`, author.token, { method: "POST" })).status).toBe(202);
      const refused = await deliveryOf(id, "webhook.test");
      expect(refused).toMatchObject({ status: "FAILED", attempts: 1, lastStatus: null });
      expect(refused.lastError).toMatch(/private/);
      expect(receiver.received.some((r) => r.path === "/ok-private")).toBe(false);
    } finally {
      await setEnv({ WEBHOOK_ALLOW_PRIVATE: "true" });
    }
  });
});

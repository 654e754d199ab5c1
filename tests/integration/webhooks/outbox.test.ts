// The transactional outbox on real Postgres, Redis, SMTP and HTTP: a state change and its
// notification rows (webhook deliveries, the e-mail and board-snapshot messages) commit or
// roll back together (a failure injected by a database trigger after the change), and what a
// crash right after the commit leaves behind (rows PENDING, no job, nothing sent) is carried out by
// one pass of the worker's reconciler: the delivery reaches the receiver signed, the mail the
// SMTP server, the snapshot its table.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createWebhook } from "@/lib/server/notify/endpoints";
import { getQueue } from "@/lib/server/queue";
import { reconcileOutbox } from "@/lib/server/notify/outbox";
import { createWebhookWorker, type WebhookWorker } from "@/workers/webhook-worker";
import { scoredSubmission, userWithToken } from "../../support/api-helpers";
import { setEnv, waitFor } from "../../support/pipeline-helpers";
import { startSmtpCapture, type SmtpCapture } from "../../support/smtp-capture";
import { startWebhookReceiver } from "../../support/webhook-receiver";

const log = logger.child({ test: "outbox" });
log.level = "error";
const REDIS_DOWN = "redis://127.0.0.1:1"; // nothing listens there: every enqueue fails
const realRedis = process.env.REDIS_URL!;
const secrets = new Map<string, string>();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: SmtpCapture;
let worker: WebhookWorker;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let endpointId: string;

const scored = (stamp: string) => scoredSubmission(author.id, stamp, log);
const deliveries = (submissionId: string, event: string) =>
  db.outboxMessage.findMany({
    where: { kind: "WEBHOOK", endpointId, event, payload: { path: ["data", "submissionId"], equals: submissionId } },
  });
const later = () => new Date(Date.now() + 5 * 60_000); // past every grace period and claim lease

// A failure injected inside the transaction (BEFORE INSERT) or after it (BEFORE UPDATE: the claim),
// on the outbox rows of the given kinds.
const KINDS = { webhook: `= 'WEBHOOK'`, other: `<> 'WEBHOOK'`, any: `IS NOT NULL` };
async function inject(kinds: keyof typeof KINDS, on: "INSERT" | "UPDATE"): Promise<void> {
  await db.$executeRawUnsafe(
    `CREATE OR REPLACE FUNCTION h2h_test_inject() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER h2h_test_inject BEFORE ${on} ON "OutboxMessage" FOR EACH ROW WHEN (NEW.kind ${KINDS[kinds]}) EXECUTE FUNCTION h2h_test_inject()`,
  );
}
async function clearInjections(): Promise<void> {
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS h2h_test_inject ON "OutboxMessage"`);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await setEnv({
    AUTH_URL: "https://lb.example",
    SMTP_URL: smtp.url,
    MAIL_FROM: "leaderboard@h2hmem.test",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIMEOUT_MS: "2000",
    WEBHOOK_BACKOFF_MS: "50",
    WEBHOOK_MAX_ATTEMPTS: "3",
    ENQUEUE_TIMEOUT_MS: "500",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-outbox-${process.pid}`,
  });
  receiver = await startWebhookReceiver((path) => secrets.get(path));
  worker = createWebhookWorker(log);
  [author, admin] = await Promise.all([
    userWithToken("outbox-author", "SUBMITTER"),
    userWithToken("outbox-admin", "ADMIN"),
  ]);
  const hook = await createWebhook(author.id, {
    url: receiver.url("/ok"),
    events: ["submission.scored", "submission.approved"],
  });
  secrets.set("/ok", hook.secret);
  endpointId = hook.id;
});
afterEach(async () => {
  await clearInjections();
  await setEnv({ REDIS_URL: realRedis });
});
afterAll(async () => {
  await clearInjections();
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS h2h_test_inject()`);
  await worker?.worker.close(true);
  await getQueue("webhooks").obliterate({ force: true });
  await receiver?.close();
  await smtp?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
  await setEnv({
    AUTH_URL: undefined,
    SMTP_URL: undefined,
    MAIL_FROM: undefined,
    WEBHOOK_ALLOW_PRIVATE: undefined,
    WEBHOOK_TIMEOUT_MS: undefined,
    WEBHOOK_BACKOFF_MS: undefined,
    WEBHOOK_MAX_ATTEMPTS: undefined,
    ENQUEUE_TIMEOUT_MS: undefined,
  });
});

describe("webhook deliveries left PENDING", () => {
  it("a delivery recorded while Redis was down has no job, and one reconcile pass delivers it", async () => {
    await setEnv({ REDIS_URL: REDIS_DOWN });
    const stamp = `outbox-a-${Date.now()}`;
    const id = await scored(stamp); // the status commits; the enqueue after it fails
    await setEnv({ REDIS_URL: realRedis });
    const [pending] = await deliveries(id, "submission.scored");
    expect(pending).toMatchObject({ status: "PENDING", attempts: 0 });
    expect(await getQueue("webhooks").getJobState(pending!.id)).toBe("unknown");

    // Within the grace period the committing process may still enqueue it: the reconciler waits.
    expect(await reconcileOutbox(log)).toMatchObject({ enqueued: 0 });
    expect(await reconcileOutbox(log, later())).toMatchObject({ enqueued: 1 });
    const done = await waitFor(
      async () => (await db.outboxMessage.findFirst({ where: { id: pending!.id, status: "DONE" } })) ?? undefined,
      "the re-enqueued delivery",
      20_000,
    );
    expect(done).toMatchObject({ attempts: 1, lastStatus: 204 });
    const got = receiver.received.find((r) => r.id === pending!.id)!;
    expect(got.validSignature).toBe(true);
    expect(got.payload).toMatchObject({
      type: "submission.scored",
      data: { submissionId: id, methodName: stamp, status: "SCORED" },
    });
    // Nothing is left to do: another pass enqueues nothing and sends nothing twice.
    expect(await reconcileOutbox(log, later())).toMatchObject({ enqueued: 0 });
    expect(receiver.received.filter((r) => r.id === pending!.id)).toHaveLength(1);
  });
});

describe("notifications commit with the state change", () => {
  it.each([
    ["a webhook delivery", "webhook"],
    ["the e-mail or snapshot outbox row", "other"],
  ] as const)("a failure writing %s rolls the approval back with every other row", async (_what, kinds) => {
    const id = await scored(`outbox-b-${kinds}-${Date.now()}`);
    const before = { snapshots: await db.boardSnapshot.count(), messages: await db.outboxMessage.count() };
    await inject(kinds, "INSERT");
    await expect(approveSubmission({ submissionId: id, reviewerId: admin.id })).rejects.toThrow(/injected failure/);
    expect(await db.submission.findUnique({ where: { id }, select: { reviewState: true, approvedAt: true } })).toEqual({
      reviewState: "PENDING",
      approvedAt: null,
    });
    expect(await deliveries(id, "submission.approved")).toEqual([]);
    expect(await db.outboxMessage.count()).toBe(before.messages);
    expect(await db.auditEvent.count({ where: { action: "submission.approve", targetId: id } })).toBe(0);
    expect(await db.boardSnapshot.count()).toBe(before.snapshots);

    await clearInjections(); // the same approval now commits, with all of them
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    expect(await deliveries(id, "submission.approved")).toHaveLength(1);
    expect(
      await db.outboxMessage.count({
        where: {
          createdAt: { gte: new Date(Date.now() - 60_000) },
          kind: "EMAIL",
          payload: { path: ["to"], equals: author.email },
          status: "DONE",
        },
      }),
    ).toBeGreaterThan(0);
  });

  it("a crash right after the commit leaves PENDING rows that one reconcile pass carries out", async () => {
    const stamp = `outbox-c-${Date.now()}`;
    const id = await scored(stamp);
    const snapshotsBefore = await db.boardSnapshot.count();
    // After the commit nothing gets done: Redis is down and every outbox claim fails.
    await setEnv({ REDIS_URL: REDIS_DOWN });
    await inject("any", "UPDATE");
    expect(await approveSubmission({ submissionId: id, reviewerId: admin.id })).toEqual({
      id,
      reviewState: "APPROVED",
    });
    await clearInjections();
    await setEnv({ REDIS_URL: realRedis });

    const [delivery] = await deliveries(id, "submission.approved");
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 0 });
    const left = await db.outboxMessage.findMany({
      where: { status: "PENDING", kind: { not: "WEBHOOK" } },
      select: { id: true, kind: true, payload: true },
    });
    expect(left.map((m) => m.kind).sort()).toEqual(["BOARD_SNAPSHOT", "EMAIL"]);
    expect(left.find((m) => m.kind === "BOARD_SNAPSHOT")!.payload).toEqual({ reason: "approve" });
    expect(await db.boardSnapshot.count()).toBe(snapshotsBefore);
    expect(smtp.messages.some((m) => m.subject === `[H2HMem] Approved and on the leaderboard: ${stamp}`)).toBe(false);

    // One pass over the one table: the delivery enqueued, the mail and the snapshot carried out.
    expect(await reconcileOutbox(log, later())).toMatchObject({
      checked: 3,
      enqueued: 1,
      done: 2,
      retry: 0,
      failed: 0,
    });
    const mail = await smtp.next((m) => m.subject === `[H2HMem] Approved and on the leaderboard: ${stamp}`);
    expect(mail.to).toContain(author.email);
    expect(mail.body).toContain(`https://lb.example/entries/${id}`);
    const snapshot = await db.boardSnapshot.findFirst({ orderBy: { createdAt: "desc" } });
    expect(snapshot).toMatchObject({ reason: "approve" });
    expect(await db.boardSnapshot.count()).toBe(snapshotsBefore + 1);
    expect(snapshot!.boardJson).toContain(`"id":"${id}"`);
    await waitFor(
      async () => (await db.outboxMessage.findFirst({ where: { id: delivery!.id, status: "DONE" } })) ?? undefined,
      "the approved delivery",
      20_000,
    );
    expect(receiver.received.find((r) => r.id === delivery!.id)?.validSignature).toBe(true);
    expect(await db.outboxMessage.count({ where: { id: { in: left.map((m) => m.id) }, status: "DONE" } })).toBe(2);
    // Carried out once: a second pass finds nothing.
    expect(await reconcileOutbox(log, later())).toMatchObject({ checked: 0 });
  });
});

// Disputes with a right of reply (issue 49, point 3) over real HTTP (the API route handlers behind a
// loopback server), Postgres and Redis: opened by a verified account, the owner notified through the
// outbox (a signed `entry.disputed` webhook delivered by the real BullMQ worker, and a mail to a real
// SMTP server on loopback), the owner's reply, an admin's resolution, every step audited and in the
// Atom feed; the limits (one open dispute per account and entry, the daily quota, verified addresses
// only); hiding abusive text; a withdrawal through the tombstone path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { approveSubmission } from "@/lib/server/review/decide";
import { createWebhookWorker, type WebhookWorker } from "@/workers/webhook-worker";
import { scoredSubmission, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { setEnv, waitFor } from "../../support/pipeline-helpers";
import { startSmtpCapture, type SmtpCapture } from "../../support/smtp-capture";
import { startWebhookReceiver } from "../../support/webhook-receiver";

const log = logger.child({ test: "disputes" });
log.level = "error";
type User = Awaited<ReturnType<typeof userWithToken>>;
let server: RouteServer;
let smtp: SmtpCapture;
let worker: WebhookWorker;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const secrets = new Map<string, string>();
let owner: User, challenger: User, admin: User, unverified: User;
let entry = "";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function api(path: string, token: string | null, body?: unknown): Promise<{ status: number; json: Json }> {
  const r = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, json: (text.startsWith("{") ? JSON.parse(text) : { text }) as Json };
}
const open = (id: string, token: string, statement = "The judge accepts answers that contradict the gold answer.") =>
  api(`/api/v1/entries/${id}/disputes`, token, {
    type: "judge_issue",
    statement,
    evidenceLinks: ["https://github.com/example/issue/1"],
  });
const approvedEntry = async (label: string) => {
  const id = await scoredSubmission(owner.id, `${label}-${Date.now()}`, log);
  await approveSubmission({ submissionId: id, reviewerId: admin.id });
  return id;
};
const auditOf = (disputeId: string) =>
  db.auditEvent.findMany({ where: { targetType: "Dispute", targetId: disputeId }, orderBy: { createdAt: "asc" } });
const feed = async () => (await fetch(`${server.url}/feeds/board.atom`)).text();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await setEnv({
    AUTH_URL: "https://lb.example",
    SMTP_URL: smtp.url,
    MAIL_FROM: "leaderboard@h2hmem.test",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_BACKOFF_MS: "50",
    DISPUTE_DAILY_QUOTA: "3",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-disputes-${process.pid}`,
  });
  receiver = await startWebhookReceiver((path) => secrets.get(path));
  server = await startRouteServer();
  worker = createWebhookWorker(log);
  [owner, challenger, admin, unverified] = await Promise.all([
    userWithToken("dispute-owner", "SUBMITTER"),
    userWithToken("dispute-challenger", "SUBMITTER"),
    userWithToken("dispute-admin", "ADMIN"),
    userWithToken("dispute-unverified", "SUBMITTER"),
  ]);
  // A self-service sign-up that never confirmed its address.
  await db.user.update({ where: { id: unverified.id }, data: { emailVerified: null } });
  entry = await approvedEntry("disputed");
});
afterAll(async () => {
  await worker?.worker.close(true);
  await getQueue("webhooks").obliterate({ force: true });
  await server?.close();
  await receiver?.close();
  await smtp?.close();
  const ids = [owner, challenger, admin, unverified].filter(Boolean).map((u) => u.id);
  await db.user.deleteMany({ where: { id: { in: ids } } });
  await setEnv({
    AUTH_URL: undefined,
    SMTP_URL: undefined,
    MAIL_FROM: undefined,
    WEBHOOK_ALLOW_PRIVATE: undefined,
    WEBHOOK_BACKOFF_MS: undefined,
    DISPUTE_DAILY_QUOTA: undefined,
  });
});

describe("a dispute's lifecycle", () => {
  it("is opened, notified, answered, resolved and audited, and shows in the API and the feed", async () => {
    const hook = await api("/api/v1/webhooks", owner.token, { url: receiver.url("/ok"), events: ["entry.disputed"] });
    expect(hook.status).toBe(201);
    secrets.set("/ok", hook.json.secret as string);

    const opened = await open(entry, challenger.token);
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    expect(opened.json).toMatchObject({
      entryId: entry,
      type: "judge_issue",
      state: "open",
      replies: [],
      resolution: null,
    });
    const id = opened.json.id as string;

    // The owner hears of it: one webhook delivery (signed, delivered by the worker) and one mail.
    const delivery = await waitFor(
      () =>
        db.outboxMessage.findFirst({ where: { event: "entry.disputed", endpointId: hook.json.id, status: "DONE" } }),
      "the entry.disputed delivery",
      30_000,
    );
    const got = receiver.received.find((r) => r.id === delivery.id)!;
    expect(got.validSignature).toBe(true);
    expect(got.payload.type).toBe("entry.disputed");
    expect(got.payload.data).toMatchObject({
      submissionId: entry,
      reason: null,
      dispute: { id, type: "judge_issue", url: `https://lb.example/entries/${entry}#dispute-${id}` },
    });
    const mail = await smtp.next((m) => m.to.includes(owner.email) && m.subject.includes("Your entry was disputed"));
    expect(mail.subject).toMatch(/^\[H2HMem\] Your entry was disputed: disputed-/);
    expect(mail.body).toContain(`https://lb.example/entries/${entry}#dispute-${id}`);

    // Public, without a session.
    const listed = await api(`/api/v1/entries/${entry}/disputes`, null);
    expect(listed.status).toBe(200);
    expect(listed.json.disputes).toHaveLength(1);
    expect(listed.json.disputes[0]).toMatchObject({
      id,
      statement: expect.stringContaining("contradict"),
      hiddenAt: null,
    });

    // The right of reply is the owner's alone.
    const path = `/api/v1/entries/${entry}/disputes/${id}/replies`;
    expect((await api(path, challenger.token, { body: "Me too." })).status).toBe(403);
    const replied = await api(path, owner.token, {
      body: "The judge prompt is the benchmark's own; see the judge card.",
    });
    expect(replied.status).toBe(201);
    expect(replied.json).toMatchObject({
      state: "answered",
      replies: [{ body: expect.stringContaining("judge card") }],
    });

    expect(
      (await api(`/api/v1/admin/disputes/${id}/resolve`, owner.token, { resolution: "no_action", note: "x" })).status,
    ).toBe(403);
    const resolved = await api(`/api/v1/admin/disputes/${id}/resolve`, admin.token, {
      resolution: "note_added",
      note: "A note on the judge's leniency was added to the entry.",
    });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ state: "resolved", resolution: { kind: "note_added", rescoreRef: null } });
    expect(
      (await api(`/api/v1/admin/disputes/${id}/resolve`, admin.token, { resolution: "no_action", note: "again" }))
        .status,
    ).toBe(409);
    expect((await api(path, owner.token, { body: "Late." })).status).toBe(409);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["dispute.open", challenger.id],
      ["dispute.reply", owner.id],
      ["dispute.resolve", admin.id],
    ]);
    const atom = await feed();
    expect(atom).toContain(`/entries/${entry}#dispute-${id}/opened</id>`);
    expect(atom).toMatch(/Dispute opened on disputed-\d+ \(judge_issue\)/);
    expect(atom).toMatch(/The owner of disputed-\d+ replied to a dispute/);
    expect(atom).toMatch(/Dispute on disputed-\d+ resolved: note_added/);
    expect(atom).toContain('<category term="dispute"/>');
  });
});

describe("limits", () => {
  it("refuses a second open dispute on the same entry, unverified addresses, one's own entry and bad input", async () => {
    const first = await open(entry, challenger.token);
    expect(first.status).toBe(201);
    const second = await open(entry, challenger.token);
    expect(second.status).toBe(409);
    expect(second.json.error.message).toMatch(/already have an open dispute/);
    expect((await open(entry, unverified.token)).status).toBe(403);
    expect((await open(entry, owner.token)).status).toBe(403);
    const control = await open(entry, admin.token, "Contains a bell \u0007 character in the text.");
    expect(control.status).toBe(422);
    expect(control.json.error.details[0]).toMatchObject({
      path: "statement",
      message: expect.stringMatching(/U\+0007/),
    });
    const badLink = await api(`/api/v1/entries/${entry}/disputes`, admin.token, {
      type: "other",
      statement: "A long enough statement.",
      evidenceLinks: ["javascript:alert(1)"],
    });
    expect(badLink.status).toBe(422);
    expect(badLink.json.error.details[0].path).toBe("evidenceLinks.0");
    const tooLong = await open(entry, admin.token, "x".repeat(5001));
    expect(tooLong.status).toBe(422);
    const ghost = await open("c000000000000000000000000", challenger.token);
    expect(ghost.status).toBe(404);
  });

  it("caps the disputes an account opens per day (DISPUTE_DAILY_QUOTA)", async () => {
    await setEnv({ DISPUTE_DAILY_QUOTA: "1" });
    try {
      // The challenger already opened two today: over a cap of 1.
      const other = await approvedEntry("quota");
      const r = await open(other, challenger.token);
      expect(r.status).toBe(429);
      expect(r.json.error.message).toMatch(/DISPUTE_DAILY_QUOTA/);
      // Admins are exempt.
      expect((await open(other, admin.token)).status).toBe(201);
    } finally {
      await setEnv({ DISPUTE_DAILY_QUOTA: "3" });
    }
  });
});

describe("hiding abusive text", () => {
  it("hides a statement and a reply; the fact of hiding stays public; audited", async () => {
    const opened = await open(entry, admin.token);
    const id = opened.json.id as string;
    await api(`/api/v1/entries/${entry}/disputes/${id}/replies`, owner.token, { body: "An angry answer." });
    const thread = (await api(`/api/v1/entries/${entry}/disputes`, null)).json.disputes.find((d: Json) => d.id === id);
    const replyId = thread.replies[0].id as string;

    const hide = (body: Json, token = admin.token) => api(`/api/v1/admin/disputes/${id}/hide`, token, body);
    expect((await hide({ reason: "insults" }, challenger.token)).status).toBe(403);
    expect((await hide({ reason: "insults" })).status).toBe(200);
    expect((await hide({ reason: "insults" })).status).toBe(409);
    expect((await hide({ reason: "insults", replyId })).status).toBe(200);

    const after = (await api(`/api/v1/entries/${entry}/disputes`, null)).json.disputes.find((d: Json) => d.id === id);
    expect(after).toMatchObject({ statement: null, evidenceLinks: [], hiddenAt: expect.any(String) });
    expect(after.replies[0]).toMatchObject({ body: null, hiddenAt: expect.any(String) });
    const hides = (await auditOf(id)).filter((a) => a.action === "dispute.hide");
    expect(hides.map((a) => a.details)).toEqual([
      expect.objectContaining({ replyId: null, reason: "insults" }),
      expect.objectContaining({ replyId, reason: "insults" }),
    ]);
    expect(await feed()).toContain("(hidden by an administrator)");
  });
});

describe("resolutions that change the entry", () => {
  it("a re-score links a scorer version the entry has, and a withdrawal is the tombstone path", async () => {
    const target = await approvedEntry("withdrawn");
    const id = (await open(target, admin.token)).json.id as string;
    const resolve = (body: Json) => api(`/api/v1/admin/disputes/${id}/resolve`, admin.token, body);
    expect((await resolve({ resolution: "rescore", note: "Re-scored." })).status).toBe(422);
    expect((await resolve({ resolution: "rescore", note: "Re-scored.", rescoreRef: "no-such-version" })).status).toBe(
      422,
    );

    const second = (await open(target, challenger.token)).json.id as string;
    const withdrawn = await api(`/api/v1/admin/disputes/${second}/resolve`, admin.token, {
      resolution: "withdrawal",
      note: "Trained on the test set (the owner agreed).",
    });
    expect(withdrawn.status).toBe(200);
    const gone = await api(`/api/v1/entries/${target}`, null);
    expect(gone.status).toBe(410);
    expect(gone.json.entry.reason).toBe("Trained on the test set (the owner agreed).");
    const unpublish = await db.auditEvent.findFirst({ where: { action: "submission.unpublish", targetId: target } });
    expect(unpublish?.actorId).toBe(admin.id);
    // The thread stays public on the withdrawn entry.
    const threads = (await api(`/api/v1/entries/${target}/disputes`, null)).json.disputes as Json[];
    expect(threads.find((d) => d.id === second)?.resolution.kind).toBe("withdrawal");

    const { scorerVersion } = await db.score.findFirstOrThrow({ where: { submissionId: target } });
    const rescored = await resolve({ resolution: "rescore", note: "Re-scored.", rescoreRef: scorerVersion });
    expect(rescored.status).toBe(200);
    expect(rescored.json.resolution).toMatchObject({ kind: "rescore", rescoreRef: scorerVersion });
  });
});

import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { SNAPSHOT_REASONS, writeBoardSnapshot, type SnapshotReason } from "../leaderboard/snapshots";
import { logger, type Logger } from "../logger";
import { deliverMail, type Mail } from "../mail";
import { onQueue } from "../queue";
import { markDeliveryFailed } from "./deliver";
import { newMessageId } from "./signing";

// The transactional outbox: the one way a change's consequences leave the process. Rows are
// written in the change's transaction (record*), carried out after the commit by the committing
// process (dispatchOutbox) or else by the worker's reconciler (reconcileOutbox). A webhook row
// (WebhookDelivery, also the log the account sees) is handed to the "webhooks" queue for its
// retries and per-account fairness; a mail or snapshot row (OutboxMessage) is carried out here
// under a claim lease (at least once, never lost).

/** What one transaction left to do once it commits. */
export type Outbox = { deliveryIds: string[]; messageIds: string[] };
const NOTHING: Outbox = { deliveryIds: [], messageIds: [] };

export const mergeOutbox = (...parts: Outbox[]): Outbox => ({
  deliveryIds: parts.flatMap((p) => p.deliveryIds),
  messageIds: parts.flatMap((p) => p.messageIds),
});

/** Webhook body per Standard Webhooks: `{type, timestamp, data}`. */
const webhookPayload = (type: string, data: Prisma.InputJsonObject): Prisma.InputJsonObject => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

/** One PENDING delivery per endpoint; returns their ids (the `webhook-id` of every attempt). */
export async function createDeliveries(
  tx: Prisma.TransactionClient,
  endpointIds: string[],
  type: string,
  data: Prisma.InputJsonObject,
): Promise<string[]> {
  const rows = endpointIds.map((endpointId) => ({
    id: newMessageId(),
    endpointId,
    event: type,
    payload: webhookPayload(type, data),
  }));
  if (rows.length) await tx.webhookDelivery.createMany({ data: rows });
  return rows.map((r) => r.id);
}

export async function recordMail(tx: Prisma.TransactionClient, mail: Mail | null): Promise<Outbox> {
  if (!mail) return NOTHING;
  const m = await tx.outboxMessage.create({ data: { kind: "EMAIL", payload: mail }, select: { id: true } });
  return { deliveryIds: [], messageIds: [m.id] };
}

/** A snapshot of the board as this change leaves it (written from the committed board). */
export async function recordBoardSnapshot(tx: Prisma.TransactionClient, reason: SnapshotReason): Promise<Outbox> {
  const m = await tx.outboxMessage.create({
    data: { kind: "BOARD_SNAPSHOT", payload: { reason } },
    select: { id: true },
  });
  return { deliveryIds: [], messageIds: [m.id] };
}

// ---- after the commit ----

const CLAIM_LEASE_MS = 5 * 60_000;
const OUTBOX_MAX_ATTEMPTS = 8;
/** Younger PENDING rows are still being carried out by the process that committed them. */
const GRACE_MS = 30_000;

const mailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const snapshotSchema = z.object({ reason: z.enum(SNAPSHOT_REASONS) });

/** Hands deliveries to the webhooks queue (job id = delivery id: a duplicate add is a no-op). */
export async function enqueueDeliveries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await onQueue("webhooks", "enqueue webhooks", (q) =>
    q.addBulk(ids.map((deliveryId) => ({ name: "deliver", data: { deliveryId }, opts: { jobId: deliveryId } }))),
  );
}

type MessageOutcome = "done" | "retry" | "failed" | "taken";

/** Claims and carries out one message; its failure is stored on the row (only a database error throws). */
async function runOutboxMessage(id: string, log: Logger, now: Date = new Date()): Promise<MessageOutcome> {
  const claimed = await db.outboxMessage.updateMany({
    where: {
      id,
      status: "PENDING",
      OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(now.getTime() - CLAIM_LEASE_MS) } }],
    },
    data: { claimedAt: now, attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return "taken"; // done already, or another process holds it
  const m = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
  try {
    if (m.kind === "EMAIL") await deliverMail(mailSchema.parse(m.payload));
    else await writeBoardSnapshot(snapshotSchema.parse(m.payload).reason);
    await db.outboxMessage.update({ where: { id }, data: { status: "DONE", doneAt: new Date(), lastError: null } });
    return "done";
  } catch (e) {
    const failed = m.attempts >= OUTBOX_MAX_ATTEMPTS;
    log.warn(
      { outboxId: id, kind: m.kind, attempt: m.attempts, err: (e as Error).message },
      failed ? "outbox message failed for good" : "outbox message failed (the reconciler retries it)",
    );
    await db.outboxMessage.update({
      where: { id },
      data: { status: failed ? "FAILED" : "PENDING", claimedAt: null, lastError: (e as Error).message.slice(0, 2000) },
    });
    return failed ? "failed" : "retry";
  }
}

/** After the commit: enqueue the deliveries, carry out the messages. Never throws: leftovers are the reconciler's. */
export async function dispatchOutbox(outbox: Outbox, log: Logger = logger): Promise<void> {
  try {
    await enqueueDeliveries(outbox.deliveryIds);
  } catch (err) {
    log.warn(
      { err: (err as Error).message, deliveries: outbox.deliveryIds },
      "deliveries not enqueued; they stay PENDING",
    );
  }
  try {
    for (const id of outbox.messageIds) await runOutboxMessage(id, log);
  } catch (err) {
    log.error({ err, outbox }, "outbox not carried out (the reconciler will)");
  }
}

// ---- the reconciler's pass ----

export type RequeueResult = { checked: number; enqueued: number; failed: number };
export type DrainResult = { checked: number; done: number; retry: number; failed: number };
export type OutboxPass = { deliveries: RequeueResult | null; outbox: DrainResult | null };

const pendingSince = (now: Date) => ({
  status: "PENDING" as const,
  createdAt: { lt: new Date(now.getTime() - GRACE_MS) },
});

/** PENDING deliveries without a job are enqueued again; one whose job ended FAILED is marked so. */
async function requeueDeliveries(now: Date): Promise<RequeueResult> {
  const rows = await db.webhookDelivery.findMany({
    where: pendingSince(now),
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 1000,
  });
  const result: RequeueResult = { checked: rows.length, enqueued: 0, failed: 0 };
  const missing: string[] = [];
  for (const { id } of rows) {
    const state = await onQueue("webhooks", "webhook job state", (q) => q.getJobState(id));
    if (state === "unknown") missing.push(id);
    else if (state === "failed") {
      await markDeliveryFailed(id);
      result.failed++;
    }
  }
  await enqueueDeliveries(missing);
  result.enqueued = missing.length;
  return result;
}

async function drainMessages(log: Logger, now: Date): Promise<DrainResult> {
  const rows = await db.outboxMessage.findMany({
    where: pendingSince(now),
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  const result: DrainResult = { checked: rows.length, done: 0, retry: 0, failed: 0 };
  for (const r of rows) {
    const outcome = await runOutboxMessage(r.id, log, now);
    if (outcome !== "taken") result[outcome]++;
  }
  return result;
}

/** What a change left for after its commit and nobody did (crash, Redis or SMTP down); each half runs even when the other fails. */
export async function reconcileOutbox(log: Logger, now: Date = new Date()): Promise<OutboxPass> {
  const out: OutboxPass = { deliveries: null, outbox: null };
  try {
    out.deliveries = await requeueDeliveries(now);
    if (out.deliveries.enqueued > 0) log.info(out.deliveries, "reconciler enqueued webhook deliveries");
  } catch (e) {
    log.warn({ err: (e as Error).message }, "reconciler could not enqueue webhook deliveries (will retry next round)");
  }
  try {
    out.outbox = await drainMessages(log, now);
    if (out.outbox.checked > 0) log.info(out.outbox, "reconciler carried out outbox messages");
  } catch (e) {
    log.warn({ err: (e as Error).message }, "reconciler could not read the outbox (will retry next round)");
  }
  return out;
}

import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { SNAPSHOT_REASONS, writeBoardSnapshot, type SnapshotReason } from "../history/snapshots";
import { logger, type Logger } from "../logger";
import { deliverMail, type Mail } from "../mail";
import { onQueue } from "../queue";
import { markDeliveryFailed } from "./deliver";
import { newMessageId } from "./signing";

// The transactional outbox: rows written in the change's transaction (record*), carried out after the
// commit (dispatchOutbox) or by the worker's reconciler (reconcileOutbox), at least once, never lost.
// WEBHOOK rows go to the "webhooks" queue (retries, per-account fairness); mail and snapshots run here.

/** The ids of the rows one transaction left to carry out once it commits. */
export type Outbox = string[];

/** Webhook body per Standard Webhooks: `{type, timestamp, data}`. */
const webhookPayload = (type: string, data: Prisma.InputJsonObject): Prisma.InputJsonObject => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

/** One WEBHOOK row per endpoint; its id is the `webhook-id` of every attempt. */
export async function recordWebhooks(
  tx: Prisma.TransactionClient,
  endpointIds: string[],
  type: string,
  data: Prisma.InputJsonObject,
): Promise<Outbox> {
  const rows = endpointIds.map((endpointId) => ({
    id: newMessageId(),
    kind: "WEBHOOK" as const,
    endpointId,
    event: type,
    payload: webhookPayload(type, data),
  }));
  if (rows.length) await tx.outboxMessage.createMany({ data: rows });
  return rows.map((r) => r.id);
}

export async function recordMail(tx: Prisma.TransactionClient, mail: Mail | null): Promise<Outbox> {
  if (!mail) return [];
  const m = await tx.outboxMessage.create({ data: { kind: "EMAIL", payload: mail }, select: { id: true } });
  return [m.id];
}

/** A snapshot of the board as this change leaves it (written from the committed board). */
export async function recordBoardSnapshot(tx: Prisma.TransactionClient, reason: SnapshotReason): Promise<Outbox> {
  const m = await tx.outboxMessage.create({
    data: { kind: "BOARD_SNAPSHOT", payload: { reason } },
    select: { id: true },
  });
  return [m.id];
}

// ---- after the commit ----

const CLAIM_LEASE_MS = 5 * 60_000;
const OUTBOX_MAX_ATTEMPTS = 8;
/** Younger PENDING rows are still being carried out by the process that committed them. */
const GRACE_MS = 30_000;

const mailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const snapshotSchema = z.object({ reason: z.enum(SNAPSHOT_REASONS) });

/** Hands WEBHOOK rows to the webhooks queue (job id = row id: a duplicate add is a no-op). */
export async function enqueueWebhooks(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await onQueue("webhooks", "enqueue webhooks", (q) =>
    q.addBulk(ids.map((deliveryId) => ({ name: "deliver", data: { deliveryId }, opts: { jobId: deliveryId } }))),
  );
}

type MessageOutcome = "done" | "retry" | "failed" | "taken";
const unclaimed = (now: Date) => ({
  OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(now.getTime() - CLAIM_LEASE_MS) } }],
});

/** Claims and carries out one mail or snapshot; its failure is stored on the row (only a database error throws). */
async function runMessage(id: string, log: Logger, now: Date = new Date()): Promise<MessageOutcome> {
  const claimed = await db.outboxMessage.updateMany({
    where: { id, status: "PENDING", kind: { not: "WEBHOOK" }, ...unclaimed(now) },
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

type Row = { id: string; kind: string };
const split = (rows: Row[]) => ({
  webhooks: rows.filter((r) => r.kind === "WEBHOOK").map((r) => r.id),
  messages: rows.filter((r) => r.kind !== "WEBHOOK").map((r) => r.id),
});

/** After the commit: enqueue the webhooks, carry out the rest. Never throws: leftovers are the reconciler's. */
export async function dispatchOutbox(outbox: Outbox, log: Logger = logger): Promise<void> {
  if (outbox.length === 0) return;
  try {
    const { webhooks, messages } = split(
      await db.outboxMessage.findMany({ where: { id: { in: outbox } }, select: { id: true, kind: true } }),
    );
    try {
      await enqueueWebhooks(webhooks);
    } catch (err) {
      log.warn({ err: (err as Error).message, webhooks }, "webhook deliveries not enqueued; they stay PENDING");
    }
    for (const id of messages) await runMessage(id, log);
  } catch (err) {
    log.error({ err, outbox }, "outbox not carried out (the reconciler will)");
  }
}

// ---- the reconciler's pass ----

export type OutboxPass = { checked: number; enqueued: number; done: number; retry: number; failed: number };

/** A WEBHOOK row without a job is enqueued again, one whose job ended FAILED is marked so, one whose job lives is left a lease. */
async function requeueWebhooks(ids: string[], pass: OutboxPass, now: Date): Promise<void> {
  const missing: string[] = [];
  const alive: string[] = [];
  for (const id of ids) {
    const state = await onQueue("webhooks", "webhook job state", (q) => q.getJobState(id));
    if (state === "unknown") missing.push(id);
    else if (state === "failed") {
      await markDeliveryFailed(id);
      pass.failed++;
    } else alive.push(id);
  }
  await enqueueWebhooks(missing);
  pass.enqueued = missing.length;
  // A job in its backoff is not asked about again until the lease runs out.
  await db.outboxMessage.updateMany({ where: { id: { in: alive }, status: "PENDING" }, data: { claimedAt: now } });
}

/** What a change left for after its commit and nobody did (crash, Redis or SMTP down); null when the outbox could not be read. */
export async function reconcileOutbox(log: Logger, now: Date = new Date()): Promise<OutboxPass | null> {
  let rows: Row[];
  try {
    rows = await db.outboxMessage.findMany({
      where: { status: "PENDING", createdAt: { lt: new Date(now.getTime() - GRACE_MS) }, ...unclaimed(now) },
      select: { id: true, kind: true },
      orderBy: { createdAt: "asc" },
      take: 500,
    });
  } catch (e) {
    log.warn({ err: (e as Error).message }, "reconciler could not read the outbox (will retry next round)");
    return null;
  }
  const pass: OutboxPass = { checked: rows.length, enqueued: 0, done: 0, retry: 0, failed: 0 };
  const { webhooks, messages } = split(rows);
  try {
    await requeueWebhooks(webhooks, pass, now);
  } catch (e) {
    log.warn({ err: (e as Error).message }, "reconciler could not enqueue webhook deliveries (will retry next round)");
  }
  try {
    for (const id of messages) {
      const outcome = await runMessage(id, log, now);
      if (outcome !== "taken") pass[outcome]++;
    }
  } catch (e) {
    log.warn({ err: (e as Error).message }, "reconciler could not carry out the outbox (will retry next round)");
  }
  if (pass.checked > 0) log.info(pass, "reconciler carried out the outbox");
  return pass;
}

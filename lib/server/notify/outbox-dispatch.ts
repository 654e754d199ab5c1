import "server-only";
import { z } from "zod";
import { db } from "../db";
import { SNAPSHOT_REASONS, writeBoardSnapshot } from "../leaderboard/snapshots";
import { logger, type Logger } from "../logger";
import { deliverMail } from "../mail";
import { enqueueDeliveries } from "./webhook-queue";
import type { Outbox } from "./outbox-record";

// The half of the outbox that runs after the commit: the committing process carries out its own
// messages at once (dispatchOutbox); the worker's reconciler (drainOutbox) takes whatever a
// crash, an SMTP outage or a failed snapshot left PENDING. A message is claimed by one process at
// a time (conditional update); a claim older than CLAIM_LEASE_MS counts as a dead process's, so a
// mail can in that rare case go out twice (at least once, never lost).

const CLAIM_LEASE_MS = 5 * 60_000;
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Younger PENDING rows are still being carried out by the process that committed them. */
export const OUTBOX_GRACE_MS = 30_000;

const mailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const snapshotSchema = z.object({ reason: z.enum(SNAPSHOT_REASONS) });

async function claim(id: string, now: Date): Promise<{ kind: string; payload: unknown; attempts: number } | null> {
  const res = await db.outboxMessage.updateMany({
    where: {
      id,
      status: "PENDING",
      OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(now.getTime() - CLAIM_LEASE_MS) } }],
    },
    data: { claimedAt: now, attempts: { increment: 1 } },
  });
  if (res.count === 0) return null;
  return db.outboxMessage.findUnique({ where: { id }, select: { kind: true, payload: true, attempts: true } });
}

async function carryOut(kind: string, payload: unknown): Promise<void> {
  if (kind === "EMAIL") await deliverMail(mailSchema.parse(payload));
  else if (kind === "BOARD_SNAPSHOT") await writeBoardSnapshot(snapshotSchema.parse(payload).reason);
  else throw new Error(`unknown outbox kind ${kind}`);
}

export type MessageOutcome = "done" | "retry" | "failed" | "taken";

/** Claims and carries out one message; its failure is stored on the row (only a database error throws). */
export async function runOutboxMessage(
  id: string,
  log: Logger = logger,
  now: Date = new Date(),
): Promise<MessageOutcome> {
  const m = await claim(id, now);
  if (!m) return "taken"; // done already, or another process holds it
  try {
    await carryOut(m.kind, m.payload);
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

/** After the commit: enqueue the deliveries, carry out the messages. Never throws. */
export async function dispatchOutbox(outbox: Outbox, log: Logger = logger): Promise<void> {
  try {
    await enqueueDeliveries(outbox.deliveryIds);
    for (const id of outbox.messageIds) await runOutboxMessage(id, log);
  } catch (err) {
    log.error({ err, outbox }, "outbox not dispatched (the reconciler will)");
  }
}

export type DrainResult = { checked: number; done: number; retry: number; failed: number };

/** One reconciler pass over PENDING messages past the grace period, oldest first. */
export async function drainOutbox(log: Logger, now: Date = new Date()): Promise<DrainResult> {
  const rows = await db.outboxMessage.findMany({
    where: { status: "PENDING", createdAt: { lt: new Date(now.getTime() - OUTBOX_GRACE_MS) } },
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

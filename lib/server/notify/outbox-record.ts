import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SnapshotReason } from "../leaderboard/snapshots";
import type { Mail } from "../mail";

// The half of the transactional outbox that runs inside the state change's transaction: rows
// that commit (or roll back) with the change. What they ask for is carried out after the commit
// (outbox-dispatch.ts); if the process dies in between, the worker's reconciler finds them.

/** What one transaction left to do once it commits: webhook deliveries and outbox messages. */
export type Outbox = { deliveryIds: string[]; messageIds: string[] };

export const mergeOutbox = (...parts: Outbox[]): Outbox => ({
  deliveryIds: parts.flatMap((p) => p.deliveryIds),
  messageIds: parts.flatMap((p) => p.messageIds),
});

export async function recordMail(tx: Prisma.TransactionClient, mail: Mail): Promise<Outbox> {
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

import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { disputeReplySchema, hideDisputeTextSchema, resolveDisputeSchema } from "@/lib/validation/dispute";
import type { SessionUser } from "../auth/config";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { dispatchOutbox, type Outbox } from "../notify/outbox";
import { unpublishInTransaction } from "../review/curate";
import { parseDisputeBody, refusal } from "./refusals";

// The steps after opening: the owner's reply, an admin's resolution and an admin hiding abusive text.
// Each is one transaction with its audit event; a state moves only forward (open -> answered -> resolved).

async function disputeOf(tx: Prisma.TransactionClient, id: string, entryId?: string) {
  const d = await tx.dispute.findUnique({ where: { id }, select: { id: true, submissionId: true, state: true } });
  if (!d || (entryId !== undefined && d.submissionId !== entryId)) throw refusal("notFound");
  return d;
}

const requireAdmin = (actor: SessionUser) => {
  if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", "Administrators only.");
};

/** The entry's owner answers on the thread (as often as needed until it is resolved). */
export async function replyToDispute(input: { entryId: string; disputeId: string; actor: SessionUser; body: unknown }) {
  const { body } = parseDisputeBody(disputeReplySchema, input.body);
  return db.$transaction(async (tx) => {
    const d = await disputeOf(tx, input.disputeId, input.entryId);
    const entry = await tx.submission.findUnique({ where: { id: d.submissionId }, select: { userId: true } });
    if (entry?.userId !== input.actor.id) throw refusal("notOwner");
    const moved = await tx.dispute.updateMany({
      where: { id: d.id, state: { not: "resolved" } },
      data: { state: "answered" },
    });
    if (moved.count === 0) throw refusal("resolved");
    const r = await tx.disputeReply.create({
      data: { disputeId: d.id, authorId: input.actor.id, body },
      select: { id: true },
    });
    await recordAudit(tx, {
      actor: input.actor.id,
      action: "dispute.reply",
      target: { type: "Dispute", id: d.id },
      details: { entryId: d.submissionId, replyId: r.id },
    });
    return r.id;
  });
}

/** A re-score links what it ran under: a scorer version of this entry's scores, or an answer-key version. */
async function knownRef(tx: Prisma.TransactionClient, entryId: string, ref: string): Promise<boolean> {
  const [score, key] = await Promise.all([
    tx.score.findFirst({ where: { submissionId: entryId, scorerVersion: ref }, select: { id: true } }),
    tx.answerKeyVersion.findFirst({ where: { OR: [{ id: ref }, { label: ref }] }, select: { id: true } }),
  ]);
  return Boolean(score ?? key);
}

/** An admin closes the thread; a withdrawal takes the entry off the board by the tombstone path. */
export async function resolveDispute(input: { disputeId: string; actor: SessionUser; body: unknown }) {
  requireAdmin(input.actor);
  const { resolution, note, rescoreRef } = parseDisputeBody(resolveDisputeSchema, input.body);
  const outbox: Outbox = await db.$transaction(async (tx) => {
    const d = await disputeOf(tx, input.disputeId);
    if (resolution === "rescore" && !(await knownRef(tx, d.submissionId, rescoreRef!))) throw refusal("unknownRef");
    const moved = await tx.dispute.updateMany({
      where: { id: d.id, state: { not: "resolved" } },
      data: {
        state: "resolved",
        resolution,
        resolutionNote: note,
        rescoreRef: resolution === "rescore" ? rescoreRef : null,
        resolvedAt: new Date(),
      },
    });
    if (moved.count === 0) throw refusal("resolved");
    await recordAudit(tx, {
      actor: input.actor.id,
      action: "dispute.resolve",
      target: { type: "Dispute", id: d.id },
      details: { entryId: d.submissionId, resolution, note, rescoreRef: rescoreRef ?? null },
    });
    if (resolution !== "withdrawal") return [];
    const entry = await tx.submission.findUnique({ where: { id: d.submissionId }, select: { reviewState: true } });
    // Already off the board (another dispute, or its author): the resolution records that.
    if (entry?.reviewState !== "APPROVED") return [];
    return unpublishInTransaction(tx, { actorId: input.actor.id, submissionId: d.submissionId, note });
  });
  await dispatchOutbox(outbox);
}

/** Hides a statement (no replyId) or one reply as abusive; the public sees that, and when. */
export async function hideDisputeText(input: { disputeId: string; actor: SessionUser; body: unknown }) {
  requireAdmin(input.actor);
  const { replyId, reason } = parseDisputeBody(hideDisputeTextSchema, input.body);
  await db.$transaction(async (tx) => {
    const d = await disputeOf(tx, input.disputeId);
    const now = new Date();
    const hid = replyId
      ? await tx.disputeReply.updateMany({
          where: { id: replyId, disputeId: d.id, hiddenAt: null },
          data: { hiddenAt: now },
        })
      : await tx.dispute.updateMany({ where: { id: d.id, hiddenAt: null }, data: { hiddenAt: now } });
    if (hid.count === 0) {
      const exists = replyId ? await tx.disputeReply.count({ where: { id: replyId, disputeId: d.id } }) : 1;
      throw refusal(exists ? "hidden" : "notFound");
    }
    await recordAudit(tx, {
      actor: input.actor.id,
      action: "dispute.hide",
      target: { type: "Dispute", id: d.id },
      details: { entryId: d.submissionId, replyId: replyId ?? null, reason },
    });
  });
}

import "server-only";
import { openDisputeSchema } from "@/lib/validation/dispute";
import type { SessionUser } from "../auth/config";
import { recordAudit } from "../audit";
import { db } from "../db";
import { env } from "../env";
import { siteUrl } from "../mail";
import { recordSubmissionEvent } from "../notify/events";
import { dispatchOutbox } from "../notify/outbox";
import { parseDisputeBody, refusal } from "./refusals";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a dispute's thread is read: its entry's permalink. */
export const disputeUrl = (entryId: string, disputeId: string) => siteUrl(`/entries/${entryId}#dispute-${disputeId}`);

/** A confirmed sign-up, an OAuth sign-in and an operator's account (the CLI) set emailVerified. */
export async function hasVerifiedAddress(userId: string): Promise<boolean> {
  const u = await db.user.findUnique({
    where: { id: userId },
    select: { emailVerified: true, pendingConfirmation: true },
  });
  return Boolean(u?.emailVerified && !u.pendingConfirmation);
}

/**
 * A verified account challenges an approved entry of another account. The owner learns of it through
 * the outbox (mail and the `entry.disputed` webhook), written in the same transaction.
 */
export async function openDispute(input: { entryId: string; actor: SessionUser; body: unknown }) {
  const { type, statement, evidenceLinks } = parseDisputeBody(openDisputeSchema, input.body);
  const { actor, entryId } = input;
  if (!(await hasVerifiedAddress(actor.id))) throw refusal("unverified");
  const out = await db.$transaction(async (tx) => {
    // One step per opener at a time, so the open-dispute and quota checks cannot race.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`dispute-opener:${actor.id}`}))`;
    const entry = await tx.submission.findUnique({
      where: { id: entryId },
      select: { userId: true, reviewState: true },
    });
    if (entry?.reviewState !== "APPROVED") throw refusal("notPublic");
    if (entry.userId === actor.id) throw refusal("ownEntry");
    const open = await tx.dispute.count({
      where: { submissionId: entryId, openerId: actor.id, state: { not: "resolved" } },
    });
    if (open > 0) throw refusal("alreadyOpen");
    if (env.DISPUTE_DAILY_QUOTA > 0 && actor.role !== "ADMIN") {
      const since = new Date(Date.now() - DAY_MS);
      const today = await tx.dispute.count({ where: { openerId: actor.id, createdAt: { gt: since } } });
      if (today >= env.DISPUTE_DAILY_QUOTA) throw refusal("quota");
    }
    const d = await tx.dispute.create({
      data: { submissionId: entryId, openerId: actor.id, type, statement, evidenceLinks },
      select: { id: true },
    });
    await recordAudit(tx, {
      actor: actor.id,
      action: "dispute.open",
      target: { type: "Dispute", id: d.id },
      details: { entryId, type, links: evidenceLinks.length },
    });
    const outbox = await recordSubmissionEvent(tx, entryId, "entry.disputed", {
      reason: null,
      dispute: { id: d.id, type, url: disputeUrl(entryId, d.id) },
    });
    return { id: d.id, outbox };
  });
  await dispatchOutbox(out.outbox);
  return out.id;
}

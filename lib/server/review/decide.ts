import "server-only";
import { z } from "zod";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { recordAttempts } from "../submissions/attempts";
import { dispatchOutbox, recordBoardSnapshot } from "../notify/outbox";
import { recordSubmissionEvent } from "../notify/events";
import { noControlCharacters } from "@/lib/validation/text";

export const note = (min: number, what: string, required = "is required") =>
  z
    .string({ error: required })
    .trim()
    .min(min, `give ${what} of at least ${min} characters`)
    .max(2000, "must be at most 2000 characters")
    .superRefine(noControlCharacters({ multiline: true }));

export const rejectSchema = z.object({ reason: note(3, "a reason") });
const withdrawSchema = z.object({
  reason: note(3, "a reason", "is required to withdraw an approved entry (it is shown on its permanent link)"),
});

type Decision = { submissionId: string; reviewerId: string };

// Decision, audit row and outbox commit together; the conditional updateMany lets only one
// of two concurrent reviewers find it PENDING.

export async function approveSubmission({
  submissionId,
  reviewerId,
}: Decision): Promise<{ id: string; reviewState: "APPROVED" }> {
  const out = await db.$transaction(async (tx) => {
    const at = new Date();
    const res = await tx.submission.updateMany({
      where: { id: submissionId, reviewState: "PENDING", status: "SCORED" },
      data: { reviewState: "APPROVED", reviewerId, reviewReason: null, reviewedAt: at, approvedAt: at },
    });
    if (res.count === 0) await explainNoop(tx, submissionId, "approve");
    const attempts = await recordAttempts(tx, submissionId, at);
    await recordAudit(tx, {
      actor: reviewerId,
      action: "submission.approve",
      target: { type: "Submission", id: submissionId },
      details: { attempts },
    });
    const outbox = [
      ...(await recordBoardSnapshot(tx, "approve")),
      ...(await recordSubmissionEvent(tx, submissionId, "submission.approved")),
    ];
    return { result: { id: submissionId, reviewState: "APPROVED" as const }, outbox };
  });
  await dispatchOutbox(out.outbox);
  return out.result;
}

export async function rejectSubmission({
  submissionId,
  reviewerId,
  reason,
}: Decision & { reason: string }): Promise<{ id: string; reviewState: "REJECTED" }> {
  const { reason: clean } = rejectSchema.parse({ reason });
  const out = await db.$transaction(async (tx) => {
    const at = new Date();
    const res = await tx.submission.updateMany({
      where: { id: submissionId, reviewState: "PENDING" },
      data: { reviewState: "REJECTED", reviewerId, reviewReason: clean, reviewedAt: at },
    });
    // An approved one can be taken down too, never silently: the reason becomes its public tombstone.
    const takenDown =
      res.count === 0
        ? (
            await tx.submission.updateMany({
              where: { id: submissionId, reviewState: "APPROVED" },
              data: {
                reviewState: "REJECTED",
                reviewerId,
                reviewReason: clean,
                publicNote: clean,
                reviewedAt: at,
                removedAt: at,
              },
            })
          ).count === 1
        : false;
    if (res.count === 0 && !takenDown) await explainNoop(tx, submissionId, "reject");
    await recordAudit(tx, {
      actor: reviewerId,
      action: "submission.reject",
      target: { type: "Submission", id: submissionId },
      details: takenDown ? { reason: clean, public: true } : { reason: clean },
    });
    // Rejecting a pending submission leaves the board as it was: only a take-down snapshots it.
    const outbox = [
      ...(takenDown ? await recordBoardSnapshot(tx, "reject") : []),
      ...(await recordSubmissionEvent(tx, submissionId, "submission.rejected")),
    ];
    return { result: { id: submissionId, reviewState: "REJECTED" as const }, outbox };
  });
  await dispatchOutbox(out.outbox);
  return out.result;
}

/** An approved entry needs a reason, shown on its permanent link (never a silent removal). */
export async function withdrawSubmission({
  submissionId,
  userId,
  reason,
}: {
  submissionId: string;
  userId: string;
  reason?: string;
}): Promise<{ id: string; reviewState: "WITHDRAWN" }> {
  const out = await db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: submissionId },
      select: { userId: true, reviewState: true },
    });
    if (!s || s.userId !== userId) throw new AppError("NOT_FOUND", "Submission not found.");
    if (s.reviewState !== "PENDING" && s.reviewState !== "APPROVED") {
      throw new AppError(
        "CONFLICT",
        `Only a pending submission or an approved entry can be withdrawn (this one is ${s.reviewState.toLowerCase()}).`,
      );
    }
    const approved = s.reviewState === "APPROVED";
    const clean = approved ? withdrawSchema.parse({ reason }).reason : null;
    const at = new Date();
    const res = await tx.submission.updateMany({
      where: { id: submissionId, userId, reviewState: s.reviewState },
      data: approved
        ? { reviewState: "WITHDRAWN", reviewedAt: at, removedAt: at, publicNote: clean }
        : { reviewState: "WITHDRAWN", reviewedAt: at },
    });
    if (res.count === 0) throw new AppError("CONFLICT", "The submission changed meanwhile; reload and try again.");
    await recordAudit(tx, {
      actor: userId,
      action: "submission.withdraw",
      target: { type: "Submission", id: submissionId },
      ...(approved ? { details: { reason: clean, public: true } } : {}),
    });
    return {
      result: { id: submissionId, reviewState: "WITHDRAWN" as const },
      outbox: approved ? await recordBoardSnapshot(tx, "withdraw") : null,
    };
  });
  if (out.outbox) await dispatchOutbox(out.outbox);
  return out.result;
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

async function explainNoop(tx: Tx, submissionId: string, verb: string): Promise<never> {
  const s = await tx.submission.findUnique({
    where: { id: submissionId },
    select: { status: true, reviewState: true },
  });
  if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
  if (verb === "approve" && s.status !== "SCORED")
    throw new AppError("CONFLICT", `Only a scored submission can be approved (status is ${s.status.toLowerCase()}).`);
  throw new AppError("CONFLICT", `Cannot ${verb}: review state is already ${s.reviewState.toLowerCase()}.`);
}

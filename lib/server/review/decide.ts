import "server-only";
import { z } from "zod";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { emitSubmissionEvent } from "../webhooks/events";
import { writeBoardSnapshot } from "../leaderboard/snapshots";

export const rejectSchema = z.object({
  reason: z.string({ error: "is required" }).trim().min(3, "give a reason of at least 3 characters").max(2000, "must be at most 2000 characters"),
});

type Decision = { submissionId: string; reviewerId: string };

// Each decision and its AuditEvent commit together: there is never a decision without a trail.
// The conditional updateMany makes two concurrent reviewers safe: only one finds it PENDING.

export async function approveSubmission({ submissionId, reviewerId }: Decision): Promise<{ id: string; reviewState: "APPROVED" }> {
  const out = await db.$transaction(async (tx) => {
    const res = await tx.submission.updateMany({
      where: { id: submissionId, reviewState: "PENDING", status: "SCORED" },
      data: { reviewState: "APPROVED", reviewerId, reviewReason: null, reviewedAt: new Date() },
    });
    if (res.count === 0) await explainNoop(tx, submissionId, "approve");
    await recordAudit(tx, { actor: reviewerId, action: "submission.approve", target: { type: "Submission", id: submissionId } });
    return { id: submissionId, reviewState: "APPROVED" as const };
  });
  await writeBoardSnapshot("approve");
  await emitSubmissionEvent(submissionId, "submission.approved");
  return out;
}

export async function rejectSubmission({ submissionId, reviewerId, reason }: Decision & { reason: string }): Promise<{ id: string; reviewState: "REJECTED" }> {
  const { reason: clean } = rejectSchema.parse({ reason });
  const out = await db.$transaction(async (tx) => {
    const res = await tx.submission.updateMany({
      // A scored or failed submission can be rejected; an approved one can be taken down too.
      where: { id: submissionId, reviewState: { in: ["PENDING", "APPROVED"] } },
      data: { reviewState: "REJECTED", reviewerId, reviewReason: clean, reviewedAt: new Date() },
    });
    if (res.count === 0) await explainNoop(tx, submissionId, "reject");
    await recordAudit(tx, { actor: reviewerId, action: "submission.reject", target: { type: "Submission", id: submissionId }, details: { reason: clean } });
    return { id: submissionId, reviewState: "REJECTED" as const };
  });
  await writeBoardSnapshot("reject");
  await emitSubmissionEvent(submissionId, "submission.rejected");
  return out;
}

export async function withdrawSubmission({ submissionId, userId }: { submissionId: string; userId: string }): Promise<{ id: string; reviewState: "WITHDRAWN" }> {
  return db.$transaction(async (tx) => {
    const res = await tx.submission.updateMany({
      where: { id: submissionId, userId, reviewState: "PENDING" },
      data: { reviewState: "WITHDRAWN", reviewedAt: new Date() },
    });
    if (res.count === 0) {
      const s = await tx.submission.findUnique({ where: { id: submissionId }, select: { userId: true, reviewState: true } });
      if (!s || s.userId !== userId) throw new AppError("NOT_FOUND", "Submission not found.");
      throw new AppError("CONFLICT", `Only a pending submission can be withdrawn (this one is ${s.reviewState.toLowerCase()}).`);
    }
    await recordAudit(tx, { actor: userId, action: "submission.withdraw", target: { type: "Submission", id: submissionId } });
    return { id: submissionId, reviewState: "WITHDRAWN" as const };
  });
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

async function explainNoop(tx: Tx, submissionId: string, verb: string): Promise<never> {
  const s = await tx.submission.findUnique({ where: { id: submissionId }, select: { status: true, reviewState: true } });
  if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
  if (verb === "approve" && s.status !== "SCORED") throw new AppError("CONFLICT", `Only a scored submission can be approved (status is ${s.status.toLowerCase()}).`);
  throw new AppError("CONFLICT", `Cannot ${verb}: review state is already ${s.reviewState.toLowerCase()}.`);
}

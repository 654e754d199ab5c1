import "server-only";
import { z } from "zod";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError, zodDetails } from "../errors";
import { dispatchOutbox, recordBoardSnapshot } from "../notify/outbox";

// Data-protection hard deletion, CLI only; the audit event keeps what was deleted and why.

const purgeSchema = z.object({
  submissionId: z.string().trim().min(1, "is required"),
  reason: z
    .string({ error: "is required" })
    .trim()
    .min(10, "give the data-protection request in at least 10 characters (e.g. a ticket reference)")
    .max(2000, "must be at most 2000 characters"),
});

type PurgeResult = { id: string; methodName: string; reviewState: string; deleted: true };

export async function purgeSubmission(input: z.input<typeof purgeSchema>): Promise<PurgeResult> {
  const parsed = purgeSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("VALIDATION_FAILED", "Purge request is invalid.", {
      details: zodDetails(parsed.error.issues, input),
    });
  const { submissionId, reason } = parsed.data;
  const out = await db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: submissionId },
      select: {
        id: true,
        userId: true,
        methodName: true,
        organization: true,
        reviewState: true,
        approvedAt: true,
        removedAt: true,
        contentSha256: true,
        createdAt: true,
      },
    });
    if (!s) throw new AppError("NOT_FOUND", `No submission ${submissionId}.`);
    await recordAudit(tx, {
      actor: null,
      action: "submission.purge",
      target: { type: "Submission", id: s.id },
      details: {
        reason,
        via: "cli",
        methodName: s.methodName,
        organization: s.organization,
        ownerId: s.userId,
        reviewState: s.reviewState,
        createdAt: s.createdAt,
        approvedAt: s.approvedAt,
        removedAt: s.removedAt,
        contentSha256: s.contentSha256,
      },
    });
    await tx.submission.delete({ where: { id: s.id } });
    const outbox = s.reviewState === "APPROVED" ? await recordBoardSnapshot(tx, "purge") : null;
    return {
      result: { id: s.id, methodName: s.methodName, reviewState: s.reviewState, deleted: true as const },
      outbox,
    };
  });
  if (out.outbox) await dispatchOutbox(out.outbox);
  return out.result;
}

import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { recordAudit } from "../audit";
import type { SessionUser } from "../auth/config";

// One way: once published, copies may exist. Anyone but the owner gets the 404 of an unknown id.
export async function publishPredictions(
  submissionId: string,
  actor: SessionUser,
): Promise<{ id: string; publicPredictions: true }> {
  return db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: submissionId },
      select: { userId: true, publicPredictions: true },
    });
    if (!s || s.userId !== actor.id) throw new AppError("NOT_FOUND", "Submission not found.");
    if (!s.publicPredictions) {
      await tx.submission.update({ where: { id: submissionId }, data: { publicPredictions: true } });
      await recordAudit(tx, {
        actor: actor.id,
        action: "submission.predictions.public",
        target: { type: "Submission", id: submissionId },
      });
    }
    return { id: submissionId, publicPredictions: true as const };
  });
}

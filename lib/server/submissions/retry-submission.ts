import "server-only";
import { z } from "zod";
import type { SessionUser } from "../auth/config";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { consume } from "../rate-limit";
import { retryStage } from "./retry-stage";
import { quoteChoices, STAGES, type Stage } from "./stages";

export const retrySchema = z.object({ stage: z.enum(STAGES, { error: `stage must be ${quoteChoices(STAGES)}` }) });

/** Owner retries a FAILED stage; admins may also rescore any final submission. */
export async function retrySubmissionStage(input: {
  submissionId: string;
  stage: Stage;
  actor: SessionUser;
  action: "retry" | "rescore";
}) {
  const s = await db.submission.findUnique({ where: { id: input.submissionId }, select: { userId: true } });
  const isAdmin = input.actor.role === "ADMIN";
  if (!s || (s.userId !== input.actor.id && !isAdmin)) throw new AppError("NOT_FOUND", "Submission not found.");
  if (input.action === "rescore" && !isAdmin) throw new AppError("FORBIDDEN", "Administrators only.");
  const { submissionId, stage, action, actor } = input;
  return retryStage(submissionId, stage, {
    from: action === "retry" ? ["FAILED"] : ["FAILED", "SCORED"],
    conflict:
      action === "retry"
        ? "Only a failed submission can be retried."
        : "The submission is still being scored; rescore when it has finished.",
    record: async (tx) => {
      // Each retry re-runs the judge; when limited, the reset rolls back.
      if (!isAdmin) await consume("retry-account", actor.id);
      await recordAudit(tx, {
        actor: actor.id,
        action: `submission.${action}`,
        target: { type: "Submission", id: submissionId },
        details: { stage },
      });
    },
  });
}

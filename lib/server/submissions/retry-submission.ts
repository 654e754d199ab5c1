import "server-only";
import { z } from "zod";
import type { SessionUser } from "../auth/config";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { retryStage } from "./retry-stage";
import { quoteChoices, STAGES, type Stage } from "./stages";

export const retrySchema = z.object({ stage: z.enum(STAGES, { error: `stage must be ${quoteChoices(STAGES)}` }) });

/**
 * Owner retries a FAILED stage; admins may also rescore any final submission. The stage reset
 * itself is the pipeline's (retryStage); here is who may do it, plus the audit trail.
 */
export async function retrySubmissionStage(input: { submissionId: string; stage: Stage; actor: SessionUser; action: "retry" | "rescore" }) {
  const s = await db.submission.findUnique({ where: { id: input.submissionId }, select: { userId: true, status: true } });
  const isAdmin = input.actor.role === "ADMIN";
  if (!s || (s.userId !== input.actor.id && !isAdmin)) throw new AppError("NOT_FOUND", "Submission not found.");
  if (input.action === "rescore" && !isAdmin) throw new AppError("FORBIDDEN", "Administrators only.");
  if (input.action === "retry" && s.status !== "FAILED") throw new AppError("CONFLICT", "Only a failed submission can be retried.");
  if (input.action === "rescore" && s.status !== "FAILED" && s.status !== "SCORED") {
    throw new AppError("CONFLICT", "The submission is still being scored; rescore when it has finished.");
  }
  const res = await retryStage(input.submissionId, input.stage);
  await recordAudit(db, { actor: input.actor.id, action: `submission.${input.action}`, target: { type: "Submission", id: input.submissionId }, details: { stage: input.stage, enqueued: res.enqueued } });
  return res;
}

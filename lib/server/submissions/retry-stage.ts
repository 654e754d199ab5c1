import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { AppError } from "../errors";
import { logger } from "../logger";
import { enqueueScoring } from "../queue";
import { stagesFrom, type Stage } from "./stages";

// Retry one stage of a submission. "lexical" re-runs everything (a rescore); "judge" keeps the
// lexical results: the worker reads the StageRun rows and resumes at the first unfinished stage.

/**
 * The stage reset itself: the stages from `stage` on go back to PENDING and the submissions to
 * QUEUED, where the reconciler enqueues them if nobody else does (workers/reconciler.ts).
 */
export async function resetStages(tx: Prisma.TransactionClient, submissionIds: string[], stage: Stage): Promise<void> {
  await tx.stageRun.updateMany({ where: { submissionId: { in: submissionIds }, stage: { in: stagesFrom(stage) } }, data: { status: "PENDING", error: null, done: 0, finishedAt: null } });
  await tx.submission.updateMany({
    where: { id: { in: submissionIds } },
    data: { status: "QUEUED", stage: "queued", failureStage: null, failureReason: null, progressDone: 0 },
  });
}

export async function retryStage(submissionId: string, stage: Stage): Promise<{ id: string; status: string; enqueued: boolean }> {
  const submission = await db.submission.findUnique({ where: { id: submissionId }, select: { id: true, status: true } });
  if (!submission) throw new AppError("NOT_FOUND", "Submission not found");
  if (submission.status === "SCORING_LEXICAL" || submission.status === "JUDGING") {
    throw new AppError("CONFLICT", "The submission is being scored right now; retry when it has finished");
  }
  if (stage === "judge") {
    const lexical = await db.stageRun.findUnique({ where: { submissionId_stage: { submissionId, stage: "lexical" } } });
    if (lexical?.status !== "DONE") throw new AppError("CONFLICT", "The lexical stage has not completed; retry the lexical stage instead");
  }
  await db.$transaction((tx) => resetStages(tx, [submissionId], stage));
  try {
    await enqueueScoring(submissionId);
    return { id: submissionId, status: "QUEUED", enqueued: true };
  } catch (e) {
    logger.warn({ submissionId, err: (e as Error).message }, "retry enqueue failed; the reconciler will enqueue the submission");
    return { id: submissionId, status: "QUEUED", enqueued: false };
  }
}

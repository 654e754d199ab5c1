import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { logger } from "../logger";
import { enqueueScoring } from "../queue";
import { stagesFrom, type Stage } from "./stages";

// Retry one stage of a submission. "lexical" re-runs everything (a rescore); "judge" keeps the
// lexical results: the worker reads the StageRun rows and resumes at the first unfinished stage.

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
  await db.$transaction([
    db.stageRun.updateMany({ where: { submissionId, stage: { in: stagesFrom(stage) } }, data: { status: "PENDING", error: null, done: 0, finishedAt: null } }),
    db.submission.update({
      where: { id: submissionId },
      data: { status: "QUEUED", stage: "queued", failureStage: null, failureReason: null, progressDone: 0 },
    }),
  ]);
  try {
    await enqueueScoring(submissionId);
    return { id: submissionId, status: "QUEUED", enqueued: true };
  } catch (e) {
    logger.warn({ submissionId, err: (e as Error).message }, "retry enqueue failed; the reconciler will enqueue the submission");
    return { id: submissionId, status: "QUEUED", enqueued: false };
  }
}

import "server-only";
import type { Prisma, SubmissionStatus } from "@/generated/prisma/client";
import { db } from "../db";
import { AppError } from "../errors";
import { logger } from "../logger";
import { enqueueScoring } from "../queue";
import { stagesFrom, type Stage } from "./stages";

const REQUEUED = {
  status: "QUEUED",
  stage: "queued",
  failureStage: null,
  failureReason: null,
  progressDone: 0,
} satisfies Prisma.SubmissionUpdateManyMutationInput;
const PENDING_RUN = {
  status: "PENDING",
  error: null,
  done: 0,
  finishedAt: null,
} satisfies Prisma.StageRunUpdateManyMutationInput;

/** The reconciler enqueues them if nobody else does. */
export async function resetStages(tx: Prisma.TransactionClient, submissionIds: string[], stage: Stage): Promise<void> {
  await tx.stageRun.updateMany({
    where: { submissionId: { in: submissionIds }, stage: { in: stagesFrom(stage) } },
    data: PENDING_RUN,
  });
  await tx.submission.updateMany({
    where: { id: { in: submissionIds } },
    data: REQUEUED,
  });
}

const NOT_RUNNING: SubmissionStatus[] = ["RECEIVED", "QUEUED", "SCORED", "FAILED"];

type RetryOptions = {
  /** The statuses the retry may start from (default: any status but a running one). */
  from?: SubmissionStatus[];
  conflict?: string;
  record?: (tx: Prisma.TransactionClient) => Promise<unknown>;
};

/** Compare-and-set on the status, so of two concurrent retries one wins. */
export async function retryStage(
  submissionId: string,
  stage: Stage,
  opts: RetryOptions = {},
): Promise<{ id: string; status: string; enqueued: boolean }> {
  const from = opts.from ?? NOT_RUNNING;
  await db.$transaction(async (tx) => {
    const submission = await tx.submission.findUnique({ where: { id: submissionId }, select: { id: true } });
    if (!submission) throw new AppError("NOT_FOUND", "Submission not found");
    if (stage === "judge") {
      const lexical = await tx.stageRun.findUnique({
        where: { submissionId_stage: { submissionId, stage: "lexical" } },
      });
      if (lexical?.status !== "DONE")
        throw new AppError("CONFLICT", "The lexical stage has not completed; retry the lexical stage instead");
    }
    const claimed = await tx.submission.updateMany({
      where: { id: submissionId, status: { in: from } },
      data: REQUEUED,
    });
    // Not in `from` any more (or never was): another retry, or the worker, got there first.
    if (claimed.count === 0)
      throw new AppError(
        "CONFLICT",
        opts.conflict ?? "The submission is being scored right now; retry when it has finished",
      );
    await tx.stageRun.updateMany({
      where: { submissionId, stage: { in: stagesFrom(stage) } },
      data: PENDING_RUN,
    });
    await opts.record?.(tx);
  });
  try {
    await enqueueScoring(submissionId);
    return { id: submissionId, status: "QUEUED", enqueued: true };
  } catch (e) {
    logger.warn(
      { submissionId, err: (e as Error).message },
      "retry enqueue failed; the reconciler will enqueue the submission",
    );
    return { id: submissionId, status: "QUEUED", enqueued: false };
  }
}

import { db } from "@/lib/server/db";
import { isJudgeConfigured } from "@/lib/server/judge/config";
import { JudgeBudgetSpent, judgeDailyBudget } from "@/lib/server/judge/daily-budget";
import type { Logger } from "@/lib/server/logger";
import type { Stage } from "@/lib/server/submissions/stages";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { storeInjectionFlag } from "@/lib/server/scores/injection-flags";
import { storeEvidenceReport } from "@/lib/server/scores/evidence-reports";
import { describeError, isTransientError } from "../errors";
import { runJudgeStage } from "./judge";
import { runLexicalStage } from "./lexical";
import { dispatchOutbox, recordBoardSnapshot } from "@/lib/server/notify/outbox";
import { recordSubmissionEvent } from "@/lib/server/notify/events";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";

// lexical -> judge (or SKIPPED) -> SCORED. StageRun rows say where to start, so a retried job resumes.

type PipelineOutcome = "scored" | "skipped" | "failed";

/** FAILED unless SCORED meanwhile: a stale or duplicate job must never undo a result. */
export async function markFailed(submissionId: string, stage: Stage, reason: string): Promise<boolean> {
  const outbox = await db.$transaction(async (tx) => {
    const changed = await tx.submission.updateMany({
      where: { id: submissionId, status: { not: "SCORED" } },
      data: { status: "FAILED", stage, failureStage: stage, failureReason: reason },
    });
    if (changed.count === 0) return null;
    await tx.stageRun.upsert({
      where: { submissionId_stage: { submissionId, stage } },
      create: { submissionId, stage, status: "FAILED", error: reason, finishedAt: new Date() },
      update: { status: "FAILED", error: reason, finishedAt: new Date() },
    });
    return recordSubmissionEvent(tx, submissionId, "submission.failed");
  });
  if (!outbox) return false;
  await dispatchOutbox(outbox);
  return true;
}

/** Retries exhausted on transient errors: fail the stage the submission was in. */
export async function markGaveUp(submissionId: string, reason: string): Promise<void> {
  const row = await db.submission.findUnique({ where: { id: submissionId }, select: { stage: true, status: true } });
  if (!row || row.status === "SCORED") return;
  await markFailed(submissionId, row.stage === "judge" ? "judge" : "lexical", reason);
}

async function lexicalIsCurrent(submissionId: string): Promise<boolean> {
  const stage = await db.stageRun.findUnique({ where: { submissionId_stage: { submissionId, stage: "lexical" } } });
  if (stage?.status !== "DONE") return false;
  // Scores under an older scorer version do not count; missing failure profiles re-run lexical too.
  const version = await currentScorerVersion();
  const [rows, profile] = await Promise.all([
    db.score.count({ where: { submissionId, scorerVersion: version, metric: "f1" } }),
    db.failureProfile.count({ where: { submissionId, scorerVersion: version, scope: "ALL" } }),
  ]);
  return rows > 0 && profile > 0;
}

/** Transient errors are rethrown for the queue to retry; permanent ones mark the submission FAILED. */
export async function scoreSubmissionPipeline(
  submissionId: string,
  log: Logger,
  jobId?: string,
): Promise<PipelineOutcome> {
  const submission = await db.submission.findUnique({ where: { id: submissionId }, select: { status: true } });
  if (!submission) {
    log.warn("submission not found (deleted?); nothing to do");
    return "skipped";
  }
  if (submission.status === "SCORED" || submission.status === "FAILED") {
    log.info({ status: submission.status }, "submission already final; nothing to do");
    return "skipped";
  }
  let stage: Stage = "lexical";
  try {
    if (await lexicalIsCurrent(submissionId)) log.info("lexical stage already done; resuming at judge");
    else await runLexicalStage(submissionId, log);
    // Stored once here, so review pages never run the detector on the web.
    await storeInjectionFlag(submissionId);

    stage = "judge";
    if (isJudgeConfigured()) {
      const budget = await judgeDailyBudget();
      if (budget?.exhausted) {
        await db.submission.update({ where: { id: submissionId }, data: { status: "QUEUED", stage: "judge" } });
        throw new JudgeBudgetSpent(budget.resumesAt);
      }
      await db.submission.update({ where: { id: submissionId }, data: { status: "JUDGING", stage: "judge" } });
      await runJudgeStage({ submissionId, log, jobId });
    } else {
      await db.stageRun.upsert({
        where: { submissionId_stage: { submissionId, stage: "judge" } },
        create: { submissionId, stage: "judge", status: "SKIPPED", finishedAt: new Date() },
        update: { status: "SKIPPED", error: null, finishedAt: new Date() },
      });
    }
    // Needs the judge scores; pure and quick (issue 48), so it is part of the judge stage's tail.
    await storeEvidenceReport(submissionId);
    // An approved entry re-scored under the version the public sees changes the board: snapshot it.
    const [current, published] = await Promise.all([currentScorerVersion(), publishedScorerVersion()]);
    const outbox = await db.$transaction(async (tx) => {
      const { reviewState } = await tx.submission.update({
        where: { id: submissionId },
        data: { status: "SCORED", stage: "done", scoredAt: new Date(), failureStage: null, failureReason: null },
        select: { reviewState: true },
      });
      const event = await recordSubmissionEvent(tx, submissionId, "submission.scored");
      if (reviewState !== "APPROVED" || current !== published) return event;
      return [...event, ...(await recordBoardSnapshot(tx, "rescore"))];
    });
    log.info("submission scored");
    await dispatchOutbox(outbox, log);
    return "scored";
  } catch (e) {
    if (isTransientError(e) || e instanceof JudgeBudgetSpent) throw e;
    const reason = `${stage === "lexical" ? "Lexical scoring" : "Judge stage"} failed: ${describeError(e)}`;
    log.error({ err: e, stage }, "permanent failure; submission marked FAILED");
    await markFailed(submissionId, stage, reason);
    return "failed";
  }
}

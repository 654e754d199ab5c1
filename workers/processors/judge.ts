import { aggregateScores } from "@/lib/scoring";
import { recordAudit } from "@/lib/server/audit";
import { db as defaultDb } from "@/lib/server/db";
import { randomUUID } from "node:crypto";
import { prismaJudgeCache } from "@/lib/server/judge/cache";
import { judgeCallRecorder } from "@/lib/server/judge/judge-calls";
import { createJudgeTransport, type JudgeTransport } from "@/lib/server/judge/client";
import { judgeConfigFromEnv, type JudgeConfig } from "@/lib/server/judge/config";
import { judgeLimiterFor } from "@/lib/server/judge/shared-rate";
import { judgeQuestions, type JudgeOutcome, type JudgeUsage } from "@/lib/server/judge/run-judge";
import {
  judgeQuestionScores,
  loadJudgeWork,
  persistOutcomes,
  questionResults,
  type Db,
} from "@/lib/server/scores/judge-stage-store";
import { replaceJudgeQuestionScores } from "@/lib/server/scores/question-scores";
import { startStageRun } from "@/lib/server/submissions/stages";
import type { Logger } from "@/lib/server/logger";
import { scorerVersionOf } from "@/lib/server/versions/current-version";
import type { RetryPolicy } from "@/lib/server/judge/retry";

// Results persist batch by batch so a restarted worker resumes from the cache; only a complete run
// writes "judge" Score rows (with the per-question set), else a retry re-asks just the failures.

export class JudgeStageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JudgeStageError";
  }
}

type JudgeStageInput = {
  submissionId: string;
  log?: Logger;
  logger?: Logger;
  jobId?: string;
  db?: Db;
  onProgress?: (done: number, total: number) => void | Promise<void>;
  config?: JudgeConfig;
  transport?: JudgeTransport;
  retryPolicy?: Partial<RetryPolicy>;
};

type JudgeStageResult = {
  scorerVersion: string;
  total: number;
  judged: number;
  failed: number;
  rows: number;
  usage: JudgeUsage;
};

export async function runJudgeStage(input: JudgeStageInput): Promise<JudgeStageResult> {
  const db = input.db ?? defaultDb;
  const log = input.log ?? input.logger;
  const { submissionId } = input;
  const config = input.config ?? judgeConfigFromEnv();
  const work = await loadJudgeWork(db, submissionId);
  const scorerVersion = scorerVersionOf({ keySha256: work.answerKeySha256, judge: config });
  const total = work.items.length;
  const where = { submissionId_stage: { submissionId, stage: "judge" as const } };
  await startStageRun(db, submissionId, "judge", total);
  if (total === 0) throw new JudgeStageError("The submission has no scorable questions to judge.");

  // Empty answers score 0 by the rubric: no call is spent on them.
  const predictionIdOf = new Map(work.items.map((w) => [w.item.id, w.predictionId]));
  const empty: JudgeOutcome[] = work.items
    .filter((w) => w.item.answer.trim() === "")
    .map((w) => ({
      id: w.item.id,
      status: "judged",
      score: 0,
      reasoning: "Empty answer: scored 0 without asking the judge.",
      cacheKey: "",
      cached: true,
    }));
  const toAsk = work.items.filter((w) => w.item.answer.trim() !== "").map((w) => w.item);

  let done = 0;
  const progress = async (list: JudgeOutcome[]) => {
    done += list.length;
    await persistOutcomes(
      db,
      list,
      predictionIdOf,
      { model: config.model, promptVersion: config.prompt.version },
      { submissionId, scorerVersion, done, total },
    );
    await input.onProgress?.(done, total);
  };
  await progress(empty);

  const runId = randomUUID();
  const recorder = judgeCallRecorder(db, {
    submissionId,
    purpose: "stage",
    runId,
    model: config.model,
    promptVersion: config.prompt.version,
  });
  const run = await judgeQuestions({
    items: toAsk,
    onCall: recorder.onCall,
    config,
    transport: input.transport ?? createJudgeTransport(config),
    cache: prismaJudgeCache(db),
    limiter: judgeLimiterFor(config),
    retryPolicy: input.retryPolicy,
    retryHooks: { onRetry: (i) => log?.warn(i, "judge request failed; retrying") },
    onOutcomes: progress,
  }).finally(() => recorder.flush());
  const outcomes = new Map([...empty.map((o) => [o.id, o] as const), ...run.outcomes]);
  const failed = [...outcomes.values()].filter((o) => o.status === "failed");
  const judged = outcomes.size - failed.length;
  const summary = {
    runId,
    scorerVersion,
    model: config.model,
    promptVersion: config.prompt.version,
    total,
    judged,
    failed: failed.length,
    uncounted: work.uncounted,
    usage: run.usage,
  };
  log?.info(summary, "judge run finished");

  if (failed.length > 0 || outcomes.size !== total) {
    const first = failed[0]?.status === "failed" ? failed[0].reason : "unknown";
    const message =
      `${total - judged} of ${total} questions could not be judged (${run.stopReason ? "stopped" : "after every re-ask"}: ${first}). ` +
      `The ${judged} judged results are kept; retrying the judge stage asks only for the rest.`;
    await db.$transaction([
      db.stageRun.update({ where, data: { status: "FAILED", error: message, done: judged, finishedAt: new Date() } }),
      recordAudit(db, {
        actor: null,
        action: "judge.failed",
        target: { type: "Submission", id: submissionId },
        details: { ...summary, error: message },
      }),
    ]);
    throw new JudgeStageError(message);
  }

  const scoreOf = (id: string) => {
    const o = outcomes.get(id);
    return o?.status === "judged" ? o.score : null;
  };
  const rows = aggregateScores(questionResults(work, scoreOf));
  await db.$transaction(
    async (tx) => {
      // Two runs of one submission (a stalled job taken over) must not interleave their rows.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`judge:${submissionId}`}))`;
      await tx.score.deleteMany({ where: { submissionId, scorerVersion, metric: "judge" } });
      await replaceJudgeQuestionScores(
        tx,
        submissionId,
        scorerVersion,
        judgeQuestionScores(outcomes.values(), predictionIdOf),
      );
      await tx.score.createMany({
        data: rows.map(({ excluded: _excluded, ...r }) => ({ ...r, submissionId, scorerVersion })),
      });
      await tx.stageRun.update({
        where,
        data: { status: "DONE", done: total, total, error: null, finishedAt: new Date() },
      });
      await recordAudit(tx, {
        actor: null,
        action: "judge.done",
        target: { type: "Submission", id: submissionId },
        details: summary,
      });
    },
    { timeout: 60_000 },
  );
  return { scorerVersion, total, judged, failed: 0, rows: rows.length, usage: run.usage };
}

import { recordAudit } from "@/lib/server/audit";
import { loadActiveAnswerKey } from "@/lib/server/answer-key/store";
import { db } from "@/lib/server/db";
import { isAppError } from "@/lib/server/errors";
import type { Logger } from "@/lib/server/logger";
import { judgeCalibrationSet } from "@/lib/server/judge/calibration";
import {
  isPanelConfigured,
  judgeConfigFromEnv,
  panelConfigFromEnv,
  isJudgeConfigured,
} from "@/lib/server/judge/config";
import { judgeLimiterFor } from "@/lib/server/judge/shared-rate";
import { addUsage } from "@/lib/server/judge/run-judge";
import { judgeEntriesWithPanel } from "@/lib/server/operations/judge-panel";
import { describeError, isTransientError } from "../errors";

// The same seed gives the same sample, so a run retried after a transient error ends the same.

class CalibrationRefused extends Error {}

export async function runCalibrationJob(runId: string, log: Logger): Promise<"DONE" | "FAILED" | null> {
  const run = await db.judgeCalibrationRun.findUnique({ where: { id: runId } });
  if (!run || run.status === "DONE" || run.status === "FAILED") return null;
  await db.judgeCalibrationRun.update({
    where: { id: runId },
    data: { status: "RUNNING", startedAt: new Date(), error: null },
  });
  try {
    const panel = run.role === "panel";
    if (panel ? !isPanelConfigured() : !isJudgeConfigured())
      throw new CalibrationRefused(
        `This worker has no ${panel ? "second judge (JUDGE_PANEL_BASE_URL)" : "judge (JUDGE_BASE_URL)"}.`,
      );
    const config = panel ? panelConfigFromEnv() : judgeConfigFromEnv();
    if (config.model !== run.model || config.prompt.version !== run.promptVersion)
      throw new CalibrationRefused(
        `This worker's judge is ${config.model}@${config.prompt.version}, not ${run.model}@${run.promptVersion}.`,
      );
    const key = await loadActiveAnswerKey();
    if (key?.contentSha256 !== run.keySha256)
      throw new CalibrationRefused("The answer key changed; a new run follows.");
    const limiter = judgeLimiterFor(config);
    const cal = await judgeCalibrationSet({
      questions: key.questions,
      sample: run.sample,
      seed: run.seed,
      config,
      limiter,
    });
    if (cal.stopReason) throw new CalibrationRefused(`The judge stopped: ${cal.stopReason}`);
    let usage = cal.usage;
    let results: Record<string, unknown> = { items: cal.results, keyQuestions: key.questions.length };
    if (panel) {
      const boards = await judgeEntriesWithPanel({ db, config, limiter });
      usage = addUsage(usage, boards.usage);
      results = { ...results, against: boards.scorerVersion, entries: boards.entries, entriesFailed: boards.failed };
    }
    await db.$transaction([
      db.judgeCalibrationRun.update({
        where: { id: runId },
        data: { status: "DONE", results: JSON.parse(JSON.stringify(results)), usage, finishedAt: new Date() },
      }),
      recordAudit(db, {
        actor: run.requestedById,
        action: "judge.calibration",
        target: { type: "JudgeCalibrationRun", id: runId },
        details: { role: run.role, model: run.model, promptVersion: run.promptVersion, sample: run.sample, usage },
      }),
    ]);
    log.info({ runId, role: run.role, calls: usage.calls }, "judge calibration done");
    return "DONE";
  } catch (e) {
    if (isTransientError(e)) throw e;
    const error = e instanceof CalibrationRefused || isAppError(e) ? e.message : `The run failed: ${describeError(e)}`;
    await markCalibrationFailed(runId, error);
    return "FAILED";
  }
}

export async function markCalibrationFailed(runId: string, error: string): Promise<void> {
  await db.judgeCalibrationRun.updateMany({
    where: { id: runId, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: "FAILED", error, finishedAt: new Date() },
  });
}

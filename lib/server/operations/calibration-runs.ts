import "server-only";
import type { JudgeCalibrationRun, PrismaClient } from "@/generated/prisma/client";
import { db as defaultDb } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { onQueue } from "../queue";
import { isJudgeConfigured, isPanelConfigured, judgeConfigFromEnv, panelConfigFromEnv } from "../judge/config";
import { activeKeySha256 } from "../versions/current-version";

// The judge card's runs (docs/JUDGE.md): one primary calibration per judge version and answer key.

const calibrationJobId = (runId: string) => `calibration-${runId}`;
const CALIBRATION_SEED = 1;
const RETRY_FAILED_AFTER_MS = 15 * 60_000;

async function enqueue(runId: string): Promise<void> {
  await onQueue("judge-calibration", "enqueue", (q) =>
    q.add("calibration", { runId }, { jobId: calibrationJobId(runId) }),
  );
}

/** Re-queued while QUEUED (a duplicate job id collapses); run by the reconciler every round. */
export async function ensureCalibration(db: PrismaClient = defaultDb): Promise<JudgeCalibrationRun | null> {
  if (!isJudgeConfigured()) return null;
  const keySha256 = await activeKeySha256(db);
  if (!keySha256) return null;
  const c = judgeConfigFromEnv();
  const where = {
    role: "primary",
    model: c.model,
    promptVersion: c.prompt.version,
    keySha256,
    sample: env.JUDGE_CALIBRATION_SAMPLE,
    seed: CALIBRATION_SEED,
  };
  const run = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`calibration:${c.model}@${c.prompt.version}:${keySha256}`}))`;
    const last = await tx.judgeCalibrationRun.findFirst({ where, orderBy: { createdAt: "desc" } });
    const stale =
      last?.status === "FAILED" && Date.now() - (last.finishedAt ?? last.createdAt).getTime() > RETRY_FAILED_AFTER_MS;
    if (last && !stale) return last;
    return tx.judgeCalibrationRun.create({ data: where });
  });
  if (run.status === "QUEUED") await enqueue(run.id);
  return run;
}

export async function requestPanelRun(
  actorId: string | null,
  db: PrismaClient = defaultDb,
): Promise<JudgeCalibrationRun> {
  if (!isPanelConfigured())
    throw new AppError("CONFLICT", "The second judge is not configured (JUDGE_PANEL_BASE_URL and JUDGE_PANEL_MODEL).");
  const keySha256 = await activeKeySha256(db);
  if (!keySha256) throw new AppError("CONFLICT", "The panel needs an active answer key.");
  const p = panelConfigFromEnv();
  const run = await db.judgeCalibrationRun.create({
    data: {
      role: "panel",
      model: p.model,
      promptVersion: p.prompt.version,
      keySha256,
      sample: env.JUDGE_CALIBRATION_SAMPLE,
      seed: CALIBRATION_SEED,
      requestedById: actorId,
    },
  });
  try {
    await enqueue(run.id);
  } catch (cause) {
    const error = `Not queued: ${(cause as Error).message}. Nothing was judged; try again.`;
    await db.judgeCalibrationRun.update({
      where: { id: run.id },
      data: { status: "FAILED", error, finishedAt: new Date() },
    });
    throw new AppError("UNAVAILABLE", error, { cause });
  }
  return run;
}

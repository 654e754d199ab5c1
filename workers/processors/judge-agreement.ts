import { db } from "@/lib/server/db";
import { isAppError } from "@/lib/server/errors";
import type { Logger } from "@/lib/server/logger";
import { runAgreementCheck } from "@/lib/server/operations/judge-agreement";
import { agreementRunView, type AgreementRunView } from "@/lib/server/operations/agreement-runs";
import { judgeConfigFromEnv } from "@/lib/server/judge/config";
import { judgeLimiterFor } from "@/lib/server/judge/shared-rate";
import { describeError, isTransientError } from "../errors";

// A rerun starts the check over with the same seed, so a run taken over from a dead worker ends with the same report.

export async function runAgreementJob(runId: string, log: Logger): Promise<AgreementRunView | null> {
  const run = await db.judgeAgreementRun.findUnique({ where: { id: runId } });
  if (!run || run.status === "DONE" || run.status === "FAILED") {
    log.info(
      { status: run?.status ?? "deleted" },
      "agreement check already final (or its submission deleted); nothing to do",
    );
    return null;
  }
  await db.judgeAgreementRun.update({
    where: { id: runId },
    data: { status: "RUNNING", startedAt: new Date(), error: null },
  });
  try {
    const config = judgeConfigFromEnv();
    const report = await runAgreementCheck({
      config,
      runId,
      submissionId: run.submissionId,
      sample: run.sample,
      seed: run.seed,
      actorId: run.requestedById,
      limiter: judgeLimiterFor(config),
    });
    const done = await db.judgeAgreementRun.update({
      where: { id: runId },
      data: { status: "DONE", report: JSON.parse(JSON.stringify(report)), finishedAt: new Date() },
    });
    log.info({ compared: report.compared, exactRate: report.exactRate }, "agreement check done");
    return agreementRunView(done);
  } catch (e) {
    if (isTransientError(e)) throw e;
    return markAgreementFailed(runId, isAppError(e) ? e.message : `The check failed: ${describeError(e)}`);
  }
}

export async function markAgreementFailed(runId: string, error: string): Promise<AgreementRunView | null> {
  const { count } = await db.judgeAgreementRun.updateMany({
    where: { id: runId, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: "FAILED", error, finishedAt: new Date() },
  });
  if (count === 0) return null;
  return agreementRunView(await db.judgeAgreementRun.findUniqueOrThrow({ where: { id: runId } }));
}

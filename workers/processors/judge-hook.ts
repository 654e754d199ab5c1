import type { Logger } from "@/lib/server/logger";
import { isJudgeConfigured, runJudgeStage } from "./judge";

// The judge stage lives in ./judge.ts (owned by the judge module). Contract:
//   runJudgeStage({ submissionId, log, jobId }): owns the judge StageRun row and the "judge"
//   Score rows, throws on failure; isJudgeConfigured(): whether a judge endpoint is set.
// The pipeline sets the submission to JUDGING before and SCORED after; when the judge is not
// configured the stage is marked SKIPPED.

export type JudgeStage = { run: (input: { submissionId: string; log: Logger; jobId?: string }) => Promise<unknown> };

/** The judge stage when it is configured, else null (the stage is then SKIPPED). */
export async function configuredJudgeStage(): Promise<JudgeStage | null> {
  return isJudgeConfigured() ? { run: (input) => runJudgeStage(input) } : null;
}

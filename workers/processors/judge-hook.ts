import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";

// The judge stage lives in ./judge.ts (owned by the judge module). Contract:
//   export async function runJudgeStage(input: { submissionId: string; log: Logger; jobId?: string }): Promise<void>
//   export function isJudgeConfigured(): boolean            (optional; default: JUDGE_BASE_URL is set)
// runJudgeStage owns the judge StageRun row and the "judge" Score rows; the pipeline sets the
// submission to JUDGING before and SCORED after. It is loaded by path so the worker also runs
// while the module does not exist yet (then the judge stage is SKIPPED).

export type JudgeStage = { run: (input: { submissionId: string; log: Logger; jobId?: string }) => Promise<void>; configured: () => boolean };

let loaded: Promise<JudgeStage | null> | undefined;

async function load(): Promise<JudgeStage | null> {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const file = ["judge.ts", "judge.js"].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  if (!file) return null;
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    runJudgeStage?: JudgeStage["run"];
    isJudgeConfigured?: () => boolean;
  };
  if (typeof mod.runJudgeStage !== "function") return null;
  return { run: mod.runJudgeStage, configured: mod.isJudgeConfigured ?? (() => Boolean(env.JUDGE_BASE_URL)) };
}

/** The judge stage when it exists and is configured, else null (the stage is then SKIPPED). */
export async function configuredJudgeStage(): Promise<JudgeStage | null> {
  loaded ??= load();
  const stage = await loaded;
  return stage && stage.configured() ? stage : null;
}

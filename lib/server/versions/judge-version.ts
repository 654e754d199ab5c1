import "server-only";
import { withJudge } from "@/lib/scoring";
import type { JudgeConfig } from "../judge/config";

// With a judge configured, every Score row of a run goes under one version naming the judge, so a new model
// or prompt shows only re-scored entries; the cache serves unchanged answers.

export function judgeScorerVersion(lexicalVersion: string, judge: Pick<JudgeConfig, "model" | "prompt">): string {
  return withJudge(lexicalVersion, { model: judge.model, promptVersion: judge.prompt.version });
}

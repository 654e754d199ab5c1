import "server-only";
import { withJudge } from "@/lib/scoring";
import type { JudgeConfig } from "../judge/config";

// With a judge configured, the deployment's scorer version (lib/server/versions/current-version.ts) is the
// lexical version and answer key plus the judge model and prompt version (the grammar:
// lib/scoring/scorer-version.ts), and EVERY Score row of a run (lexical and
// judge) is written under it: the leaderboard reads one version for every metric. Changing the
// model or the prompt therefore shows only entries re-scored under the new version (old rows
// stay for reproducibility); re-judging unchanged answers is served by the cache.

export function judgeScorerVersion(lexicalVersion: string, judge: Pick<JudgeConfig, "model" | "prompt">): string {
  return withJudge(lexicalVersion, { model: judge.model, promptVersion: judge.prompt.version });
}

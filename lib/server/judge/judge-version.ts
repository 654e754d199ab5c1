import { currentScorerVersion } from "../scoring-version";
import { judgeConfigFromEnv, type JudgeConfig } from "./config";

// Judge Score rows carry the lexical scorer version plus the judge model and prompt version,
// e.g. "lex-1+nltk+sw198+judge=gpt-4o-mini@h2h1-1a2b3c4d". Changing the model or the prompt
// therefore writes new rows (old ones stay for reproducibility), and the leaderboard reads
// judge rows with currentJudgeScorerVersion(). Re-judging unchanged answers hits the cache.

export function judgeScorerVersion(lexicalVersion: string, judge: Pick<JudgeConfig, "model" | "prompt">): string {
  return `${lexicalVersion}+judge=${judge.model}@${judge.prompt.version}`;
}

/** Throws when the judge is not configured (check isJudgeConfigured() first). */
export function currentJudgeScorerVersion(judge: Pick<JudgeConfig, "model" | "prompt"> = judgeConfigFromEnv()): string {
  return judgeScorerVersion(currentScorerVersion(), judge);
}

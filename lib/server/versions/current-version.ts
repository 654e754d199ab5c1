import "server-only";
import { scorerVersionFor } from "@/lib/scoring";
import type { LexicalOptions } from "@/lib/scoring/types";
import { env } from "../env";
import { isJudgeConfigured, judgeConfigFromEnv } from "../judge/config";
import { judgeScorerVersion } from "./judge-version";

// The lexical options this deployment scores with. The worker writes Score rows under
// currentScorerVersion(); the public reads the version an admin published
// (lib/server/versions/published-version.ts), so changing LEXICAL_TOKENIZER (or the algorithm, or the
// judge) adds rows under a new version that goes public only when an admin switches to it.
export function currentLexicalOptions(): LexicalOptions {
  return { tokenizer: env.LEXICAL_TOKENIZER, stopwords: "new" };
}

export function currentScorerVersion(): string {
  const lexical = scorerVersionFor(currentLexicalOptions());
  // With a judge, the version also names its model and prompt version (lib/server/versions/judge-version.ts).
  return isJudgeConfigured() ? judgeScorerVersion(lexical, judgeConfigFromEnv()) : lexical;
}

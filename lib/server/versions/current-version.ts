import "server-only";
import { scorerVersionFor, withAnswerKey } from "@/lib/scoring";
import type { LexicalOptions } from "@/lib/scoring/types";
import { db } from "../db";
import { env } from "../env";
import { isJudgeConfigured, judgeConfigFromEnv, type JudgeConfig } from "../judge/config";
import { judgeScorerVersion } from "./judge-version";

// This deployment's lexical options; changes write rows under a new version that goes public only when an admin publishes it.
export function currentLexicalOptions(): LexicalOptions {
  return { tokenizer: env.LEXICAL_TOKENIZER, nltk: env.LEXICAL_NLTK, stopwords: "new" };
}

/**
 * This deployment's scorer version: lexical version and NLTK mode, then the answer key it was
 * scored against, then the judge (model and prompt version), in the one grammar of
 * lib/scoring/scorer-version.ts.
 */
export function scorerVersionOf(input: {
  keySha256: string | null;
  judge: Pick<JudgeConfig, "model" | "prompt"> | null;
}): string {
  const lexical = withAnswerKey(scorerVersionFor(currentLexicalOptions()), input.keySha256);
  return input.judge ? judgeScorerVersion(lexical, input.judge) : lexical;
}

/** This deployment's version (judge from the environment) for scores against the given key. */
export function scorerVersionForKey(keySha256: string | null): string {
  return scorerVersionOf({ keySha256, judge: isJudgeConfigured() ? judgeConfigFromEnv() : null });
}

/** The active answer key's content hash (null before any import). */
async function activeKeySha256(): Promise<string | null> {
  const active = await db.answerKeyVersion.findFirst({ where: { active: true }, select: { contentSha256: true } });
  return active?.contentSha256 ?? null;
}

/** What the worker writes for a new run now: this deployment's version against the active key. */
export async function currentScorerVersion(): Promise<string> {
  return scorerVersionForKey(await activeKeySha256());
}

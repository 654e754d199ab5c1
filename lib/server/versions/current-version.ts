import "server-only";
import { scorerVersionFor, withAnswerKey } from "@/lib/scoring";
import type { LexicalOptions } from "@/lib/scoring/types";
import { db } from "../db";
import { env } from "../env";
import { isJudgeConfigured, judgeConfigFromEnv, type JudgeConfig } from "../judge/config";
import { judgeScorerVersion } from "./judge-version";

export function currentLexicalOptions(): LexicalOptions {
  return { tokenizer: env.LEXICAL_TOKENIZER, nltk: env.LEXICAL_NLTK, stopwords: "new" };
}

export function scorerVersionOf(input: {
  keySha256: string | null;
  judge: Pick<JudgeConfig, "model" | "prompt"> | null;
}): string {
  const lexical = withAnswerKey(scorerVersionFor(currentLexicalOptions()), input.keySha256);
  return input.judge ? judgeScorerVersion(lexical, input.judge) : lexical;
}

export function scorerVersionForKey(keySha256: string | null): string {
  return scorerVersionOf({ keySha256, judge: isJudgeConfigured() ? judgeConfigFromEnv() : null });
}

export async function activeKeySha256(client: Pick<typeof db, "answerKeyVersion"> = db): Promise<string | null> {
  const active = await client.answerKeyVersion.findFirst({ where: { active: true }, select: { contentSha256: true } });
  return active?.contentSha256 ?? null;
}

export async function currentScorerVersion(): Promise<string> {
  return scorerVersionForKey(await activeKeySha256());
}

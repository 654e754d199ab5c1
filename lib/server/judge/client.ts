import OpenAI from "openai";
import type { JudgeConfig } from "./config";
import { EmptyReplyError } from "./retry";

// One chat-completions call: one user message, temperature 0, our timeout, no SDK retries
// (retries are ours, see retry.ts). Works with any OpenAI-compatible server via baseURL.

export type JudgeCallResult = { text: string; promptTokens: number; completionTokens: number };
export type JudgeTransport = (prompt: string) => Promise<JudgeCallResult>;

export function createJudgeTransport(config: Pick<JudgeConfig, "baseURL" | "apiKey" | "model" | "timeoutMs">): JudgeTransport {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  return async (prompt) => {
    const res = await client.chat.completions.create({
      model: config.model,
      temperature: 0,
      messages: [{ role: "user", content: prompt }],
    });
    const text = res.choices?.[0]?.message?.content ?? "";
    if (text.trim() === "") throw new EmptyReplyError();
    return {
      text,
      promptTokens: res.usage?.prompt_tokens ?? 0,
      completionTokens: res.usage?.completion_tokens ?? 0,
    };
  };
}

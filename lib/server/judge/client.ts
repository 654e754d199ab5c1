import "server-only";
import OpenAI from "openai";
import type { JudgeConfig } from "./config";
import { EmptyReplyError } from "./retry";

// Any OpenAI-compatible server via baseURL; no SDK retries (retries are ours, see retry.ts).

export type JudgeCallResult = {
  text: string;
  promptTokens: number;
  completionTokens: number;
  /** Cut off at max_tokens: must not be parsed. */
  truncated?: boolean;
};
export type JudgeTransport = (prompt: string) => Promise<JudgeCallResult>;

export function createJudgeTransport(
  config: Pick<JudgeConfig, "baseURL" | "apiKey" | "model" | "timeoutMs" | "maxTokens">,
): JudgeTransport {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  return async (prompt) => {
    // max_tokens, not max_completion_tokens: vLLM, Ollama and llama.cpp all read max_tokens.
    const res = await client.chat.completions.create({
      model: config.model,
      temperature: 0,
      max_tokens: config.maxTokens,
      messages: [{ role: "user", content: prompt }],
    });
    const choice = res.choices?.[0];
    const text = choice?.message?.content ?? "";
    const usage = { promptTokens: res.usage?.prompt_tokens ?? 0, completionTokens: res.usage?.completion_tokens ?? 0 };
    // Before emptiness: asking a reply that spent the budget without text again would only cut it off again.
    if (choice?.finish_reason === "length") return { text, ...usage, truncated: true };
    if (text.trim() === "") throw new EmptyReplyError();
    return { text, ...usage };
  };
}

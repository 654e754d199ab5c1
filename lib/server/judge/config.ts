import "server-only";
import { readFileSync, statSync } from "node:fs";
import { defaultReplyTokens, promptTemplate, type PromptTemplate } from "@/lib/scoring";
import { AppError } from "../errors";
import { DEMO_JUDGE_MODEL, env } from "../env";

export type JudgeConfig = {
  baseURL: string;
  apiKey: string;
  model: string;
  batchSize: number;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  rpm: number;
  maxTokens: number;
  prompt: PromptTemplate;
};

export function isJudgeConfigured(): boolean {
  return Boolean(env.JUDGE_BASE_URL);
}

// The web computes the scorer version on every leaderboard read: re-read the file only when it changed.
let memo: { file: string; mtimeMs: number; size: number; template: PromptTemplate } | undefined;

export function loadPromptTemplate(file: string | undefined): PromptTemplate {
  if (!file) return promptTemplate();
  try {
    const st = statSync(file);
    if (memo && memo.file === file && memo.mtimeMs === st.mtimeMs && memo.size === st.size) return memo.template;
    const text = readFileSync(file, "utf8");
    if (text.trim() === "") throw new AppError("INTERNAL", `JUDGE_PROMPT_FILE ${file} is empty`);
    memo = { file, mtimeMs: st.mtimeMs, size: st.size, template: promptTemplate(text) };
    return memo.template;
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError("INTERNAL", `JUDGE_PROMPT_FILE ${file} cannot be read: ${(cause as Error).message}`, { cause });
  }
}

export function judgeConfigFromEnv(): JudgeConfig {
  if (!env.JUDGE_BASE_URL) throw new AppError("INTERNAL", "the judge is not configured (set JUDGE_BASE_URL)");
  return { ...judgeConfigFromEnvOrDefaults(), model: env.JUDGE_DEMO ? DEMO_JUDGE_MODEL : env.JUDGE_MODEL };
}

/** The judge card's second judge: same prompt and limits, its own endpoint and model. */
export function isPanelConfigured(): boolean {
  return Boolean(env.JUDGE_PANEL_BASE_URL && env.JUDGE_PANEL_MODEL);
}

export function panelConfigFromEnv(): JudgeConfig {
  if (!env.JUDGE_PANEL_BASE_URL || !env.JUDGE_PANEL_MODEL)
    throw new AppError(
      "INTERNAL",
      "the second judge is not configured (set JUDGE_PANEL_BASE_URL and JUDGE_PANEL_MODEL)",
    );
  return {
    ...judgeConfigFromEnvOrDefaults(),
    baseURL: env.JUDGE_PANEL_BASE_URL,
    apiKey: env.JUDGE_PANEL_API_KEY ?? "not-needed",
    model: env.JUDGE_PANEL_MODEL,
  };
}

function judgeConfigFromEnvOrDefaults(): JudgeConfig {
  return {
    baseURL: env.JUDGE_BASE_URL ?? "",
    // Local servers (vLLM, Ollama) ignore the key, but the client requires one.
    apiKey: env.JUDGE_API_KEY ?? "not-needed",
    model: env.JUDGE_MODEL,
    batchSize: env.JUDGE_BATCH_SIZE,
    concurrency: env.JUDGE_CONCURRENCY,
    timeoutMs: env.JUDGE_TIMEOUT_MS,
    maxRetries: env.JUDGE_MAX_RETRIES,
    rpm: env.JUDGE_RPM,
    maxTokens: env.JUDGE_MAX_TOKENS ?? defaultReplyTokens(env.JUDGE_BATCH_SIZE),
    prompt: loadPromptTemplate(env.JUDGE_PROMPT_FILE),
  };
}

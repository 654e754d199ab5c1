export { DEFAULT_JUDGE_PROMPT, promptTemplate, renderJudgePrompt, defaultReplyTokens } from "./prompt";
export type { PromptTemplate } from "./prompt";
export { buildJudgeBatches } from "./batch";
export type { JudgeItem, JudgeBatch } from "./batch";
export { parseJudgeReply, replyCharLimit } from "./parse";
export type { JudgedItem, ParsedReply, ParseOptions } from "./parse";
export { detectJudgeInjection, INJECTION_KEYWORDS } from "./injection";

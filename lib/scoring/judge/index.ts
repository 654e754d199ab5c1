export { sha256Hex } from "./sha256";
export {
  JUDGE_LEVELS,
  BUILTIN_PROMPT_REVISION,
  DEFAULT_JUDGE_PROMPT,
  ITEM_SEPARATOR,
  promptTemplate,
  formatQuestionBlock,
  encodeField,
  renderJudgePrompt,
  defaultReplyTokens,
} from "./prompt";
export type { JudgeLevel, PromptTemplate, JudgeQuestion } from "./prompt";
export { buildJudgeBatches, partSizes, sessionKey } from "./batch";
export type { JudgeItem, JudgeBatch, SessionRef } from "./batch";
export { parseJudgeReply, snapScore, replyCharLimit, MAX_REPLY_CHARS } from "./parse";
export type { JudgedItem, ParsedReply, ParseOptions } from "./parse";
export { detectJudgeInjection, INJECTION_RULES, INJECTION_KEYWORDS } from "./injection";
export type { InjectionRule } from "./injection";

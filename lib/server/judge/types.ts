import "server-only";

// Records the judge run (run-judge.ts) hands to the call log and reports (judge-calls.ts,
// agreement.ts, the stage): one home, so neither side imports the other.

/** Counters of one judge run, kept in its audit event and summed on the review page. */
export type JudgeUsage = {
  calls: number;
  retries: number;
  reasks: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  wallMs: number;
};

/** One request to the judge as it happened (success or error), for JudgeCall rows. */
export type JudgeCallRecord = {
  questionIds: string[];
  attempt: number;
  level: number;
  ok: boolean;
  error: string | null;
  rawReply: string | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
};

import "server-only";

// Judge run records in one home, so neither side imports the other and the web never loads the judge client.

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

/** The outcome of an agreement check (lib/server/operations/judge-agreement.ts), kept on its JudgeAgreementRun row and audit event. */
export type AgreementReport = {
  runId: string;
  submissionId: string;
  model: string;
  promptVersion: string;
  seed: number;
  eligible: number;
  sampled: number;
  compared: number;
  failed: number;
  exact: number;
  withinOne: number;
  exactRate: number | null;
  withinOneRate: number | null;
  meanAbsDiff: number | null;
  /** Sum of squared differences over the compared questions: the judge card's noise SD (absent in older reports). */
  sumSqDiff?: number;
  disagreements: Array<{ id: string; stored: number; again: number }>;
  usage: JudgeUsage;
};

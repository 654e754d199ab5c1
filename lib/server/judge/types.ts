import "server-only";

// Judge run records in one home, so neither side imports the other and the web never loads the judge client.

export type JudgeUsage = {
  calls: number;
  retries: number;
  reasks: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  wallMs: number;
};

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
  /** The judge card's noise SD (absent in older reports). */
  sumSqDiff?: number;
  disagreements: Array<{ id: string; stored: number; again: number }>;
  usage: JudgeUsage;
};

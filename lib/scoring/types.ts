// The scoring vocabulary, importable anywhere (the browser too) without the engine.

/** Every answer goes to the judge, so one file must not cost millions of tokens. */
export const DEFAULT_MAX_ANSWER_CHARS = 8_000;

export const SPLITS = ["dyadic", "multi-party"] as const;
export type Split = (typeof SPLITS)[number];
export type SplitOrOverall = Split | "overall";

/** Canonical display order (README). */
export const CATEGORY_CODES = ["UPR", "CRR", "KR", "TR", "MCR", "RET", "TTL", "CD", "AR"] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

export const MAIN_TYPES = ["RECALL", "REASONING", "APPLICATION"] as const;
export type MainType = (typeof MAIN_TYPES)[number];

// Aliases: every spelling seen in the official data, README, template and scripts (benchmark doc §4).
type CategoryInfo = { code: CategoryCode; name: string; mainType: MainType; aliases: string[] };

export const MAIN_TYPE_NAMES: Record<MainType, string> = {
  RECALL: "Memory Recall",
  REASONING: "Memory Reasoning",
  APPLICATION: "Memory Application",
};

export const CATEGORIES: Record<CategoryCode, CategoryInfo> = {
  UPR: { code: "UPR", name: "Unimodal Precise Recall", mainType: "RECALL", aliases: [] },
  CRR: { code: "CRR", name: "Cross-modal Related Retrieval", mainType: "RECALL", aliases: [] },
  KR: { code: "KR", name: "Knowledge Resolution", mainType: "RECALL", aliases: [] },
  TR: { code: "TR", name: "Temporal Reasoning", mainType: "REASONING", aliases: [] },
  MCR: {
    code: "MCR",
    name: "Multimodal Causal Reasoning",
    mainType: "REASONING",
    aliases: ["Multimodal Causal Inference", "Multimodal Casual Reasoning", "Multimodal Casual Inference"],
  },
  RET: {
    code: "RET",
    name: "Reference & Evolution Tracking",
    mainType: "REASONING",
    aliases: ["Reference and Evolution Tracking", "Cross-turn Reference Tracking"],
  },
  TTL: { code: "TTL", name: "Test-Time Learning", mainType: "APPLICATION", aliases: ["Test Time Learning"] },
  CD: { code: "CD", name: "Conflict Detection", mainType: "APPLICATION", aliases: [] },
  AR: { code: "AR", name: "Answer Refusal", mainType: "APPLICATION", aliases: [] },
};

/** A missing difficulty counts as medium. */
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const LEXICAL_METRICS = ["precision", "recall", "f1", "bleu1"] as const;
type LexicalMetric = (typeof LEXICAL_METRICS)[number];
export type Metric = LexicalMetric | "judge";

export type TokenizerMode = "nltk" | "whitespace";
export type StopwordList = "new" | "old"; // 198 words (nltk_data since 2025-02) | 179 words

/** 3.5, the benchmark's pin (default), or >= 3.6.6. */
export const NLTK_VERSIONS = ["3.5", "3.8"] as const;
export type NltkVersion = (typeof NLTK_VERSIONS)[number];
export type LexicalOptions = { tokenizer: TokenizerMode; nltk: NltkVersion; stopwords: StopwordList };
export type LexicalScores = Record<LexicalMetric, number>;

export type PredictionItem = {
  question_text: string;
  question_image: string;
  system_answer: string;
  original_answer: string;
  category: string;
  /** Absent: no evidence reported for this item. */
  retrieved_sessions?: string[];
};

export type FailureProfile = {
  refusalRate: number | null;
  /** AR questions answered (neither refused nor empty). */
  missedRefusalRate: number | null;
  overRefusalRate: number | null;
  emptyRate: number | null;
  answerTokens: { median: number | null; p90: number | null };
  byCategory: Partial<
    Record<CategoryCode, { refusalRate: number | null; recallPrecisionGap: number | null; n: number }>
  >;
};

// Evidence metrics (lib/scoring/evidence.ts computes them; pages read them from here).
export const EVIDENCE_METRICS = [
  "recallAt1",
  "recallAt3",
  "recallAt5",
  "recallAtAll",
  "judgeWhenRetrieved",
  "judgeWhenMissed",
  "f1WhenRetrieved",
  "f1WhenMissed",
  "wrongMissedEvidence",
  "wrongHadEvidence",
] as const;
export type EvidenceMetric = (typeof EVIDENCE_METRICS)[number];

/** value null = not computable (no question in its denominator, or no judge scores). */
export type EvidenceStat = { value: number | null; ciLow: number | null; ciHigh: number | null; n: number };
export type EvidenceGroup = {
  split: SplitOrOverall;
  scope: "ALL" | CategoryCode;
  /** Questions with usable gold evidence (the recall denominator). */
  n: number;
  /** Questions left out: no usable gold evidence. */
  noGold: number;
  /** Judged questions with gold evidence scoring below WRONG_BELOW. */
  wrong: number;
} & Record<EvidenceMetric, EvidenceStat>;
export type EvidenceReport = { wrongBelow: number; groups: EvidenceGroup[] };

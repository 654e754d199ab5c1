// Shared vocabulary of the scoring engine: types and small constants, importable anywhere (the
// browser included, without the engine): `@/lib/scoring/types` is an entry point.

/**
 * Longest system_answer (Unicode code points): the benchmark's answers are a sentence or two, and
 * every answer is sent to the judge, so one file must not cost millions of judge tokens.
 */
export const DEFAULT_MAX_ANSWER_CHARS = 8_000;

export const SPLITS = ["dyadic", "multi-party"] as const;
export type Split = (typeof SPLITS)[number];
export type SplitOrOverall = Split | "overall";

/** Canonical display order (README): UPR CRR KR TR MCR RET TTL CD AR. */
export const CATEGORY_CODES = ["UPR", "CRR", "KR", "TR", "MCR", "RET", "TTL", "CD", "AR"] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

export const MAIN_TYPES = ["RECALL", "REASONING", "APPLICATION"] as const;
export type MainType = (typeof MAIN_TYPES)[number];

// The nine H2HMem question categories and three main types, with every spelling seen in the
// official data, README, template and scripts (benchmark doc §4; normalised by categories.ts).
export type CategoryInfo = { code: CategoryCode; name: string; mainType: MainType; aliases: string[] };

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

/** Question difficulty in the dataset (a missing one counts as medium). */
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const LEXICAL_METRICS = ["precision", "recall", "f1", "bleu1"] as const;
export type LexicalMetric = (typeof LEXICAL_METRICS)[number];
export type Metric = LexicalMetric | "judge";

export type TokenizerMode = "nltk" | "whitespace";
export type StopwordList = "new" | "old"; // 198 words (nltk_data since 2025-02) | 179 words

/** Which NLTK's behaviour the lexical metrics follow: 3.5, the benchmark's pin (default), or >= 3.6.6. */
export const NLTK_VERSIONS = ["3.5", "3.8"] as const;
export type NltkVersion = (typeof NLTK_VERSIONS)[number];
export type LexicalOptions = { tokenizer: TokenizerMode; nltk: NltkVersion; stopwords: StopwordList };
export type LexicalScores = Record<LexicalMetric, number>;

/** One item of a prediction file, as the official template defines it. */
export type PredictionItem = {
  question_text: string;
  question_image: string;
  system_answer: string;
  original_answer: string;
  category: string;
};

/** A submission's failure profile as the API shows it (derived from stored counts, failure-profile.ts). */
export type FailureProfile = {
  refusalRate: number | null;
  /** Answer Refusal questions answered (neither refused nor empty), over the AR questions. */
  missedRefusalRate: number | null;
  /** Other categories' questions refused, over those questions. */
  overRefusalRate: number | null;
  emptyRate: number | null;
  answerTokens: { median: number | null; p90: number | null };
  byCategory: Partial<
    Record<CategoryCode, { refusalRate: number | null; recallPrecisionGap: number | null; n: number }>
  >;
};

// Shared vocabulary of the scoring engine. Pure: no framework, database or I/O imports.

export const SPLITS = ["dyadic", "multi-party"] as const;
export type Split = (typeof SPLITS)[number];
export type SplitOrOverall = Split | "overall";

export const CATEGORY_CODES = ["UPR", "CRR", "KR", "TR", "MCR", "RET", "TTL", "CD", "AR"] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

export const MAIN_TYPES = ["RECALL", "REASONING", "APPLICATION"] as const;
export type MainType = (typeof MAIN_TYPES)[number];

export const LEXICAL_METRICS = ["precision", "recall", "f1", "bleu1"] as const;
export type LexicalMetric = (typeof LEXICAL_METRICS)[number];
export type Metric = LexicalMetric | "judge";

export type TokenizerMode = "nltk" | "whitespace";
export type StopwordList = "new" | "old"; // 198 words (nltk_data since 2025-02) | 179 words

export type LexicalOptions = { tokenizer: TokenizerMode; stopwords: StopwordList };
export type LexicalScores = Record<LexicalMetric, number>;

/** One item of a prediction file, as the official template defines it. */
export type PredictionItem = {
  question_text: string;
  question_image: string;
  system_answer: string;
  original_answer: string;
  category: string;
};

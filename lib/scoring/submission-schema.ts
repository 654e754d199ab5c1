// The submission contract (benchmark doc §3), the single source of truth.
import { z } from "zod";
import type { Split } from "./types";

export { DEFAULT_MAX_ANSWER_CHARS } from "./types";

export const PREDICTION_FIELDS = [
  "question_text",
  "question_image",
  "system_answer",
  "original_answer",
  "category",
  "retrieved_sessions",
] as const;

export const PREDICTION_FILE_NAMES: Record<Split, string> = {
  dyadic: "prediction_dyadic.json",
  "multi-party": "prediction_multiparty.json",
};
export const PREDICTION_FILE_ALIASES: Record<Split, string[]> = {
  dyadic: [],
  "multi-party": ["prediction_multi_party.json"],
};

export function exampleFileName(split: Split): string {
  return `example_${PREDICTION_FILE_NAMES[split]}`;
}

export function isOptionalField(field: (typeof PREDICTION_FIELDS)[number]): boolean {
  return predictionItemSchema.shape[field].safeParse(undefined).success;
}

export const DEFAULT_MAX_ITEMS = 100_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Rejected before JSON.parse: a valid file needs 3 levels. */
export const MAX_JSON_DEPTH = 64;

export const FIELD_HINTS: Record<(typeof PREDICTION_FIELDS)[number], string> = {
  question_text: "the question text exactly as in the dataset's questions.json (question.text)",
  question_image: 'the question image name as in the dataset (question.image), or "" when there is none',
  system_answer: "your system's answer as a string (an empty string is allowed and scores 0)",
  original_answer: "the ground-truth answer copied from the dataset (original_answer)",
  category: 'the question\'s sub-type, e.g. "Unimodal Precise Recall"',
  retrieved_sessions:
    'the sessions your method gave its answerer for this question, best first, e.g. ["session3", "session1"]; omit it (or leave []) if you do not report evidence',
};

/** The evidence a method retrieved (issue 48): session folder names of the question's dialogue, ranked. */
export const MAX_RETRIEVED_SESSIONS = 64;
export const SESSION_NAME = /^session(0|[1-9][0-9]{0,3})$/;
export const retrievedSessionsSchema = z
  .array(z.string().regex(SESSION_NAME))
  .max(MAX_RETRIEVED_SESSIONS)
  .superRefine((list, ctx) =>
    list.forEach((name, index) => {
      const first = list.indexOf(name);
      if (first < index) ctx.addIssue({ code: "custom", path: [index], message: "duplicate", params: { first } });
    }),
  );

export const predictionItemSchema = z.looseObject({
  question_text: z.string(),
  question_image: z.string().default(""),
  system_answer: z.string(),
  original_answer: z.string(),
  category: z.string(),
  retrieved_sessions: retrievedSessionsSchema.optional(),
});

// The submission contract's fields and limits (benchmark doc §3), without the zod schemas that
// check them (submission-schema.ts): a clean file is read without loading zod (prediction-file.ts).
import { DEFAULT_MAX_ANSWER_CHARS } from "./types";

export const PREDICTION_FIELDS = ["question_text", "question_image", "system_answer", "original_answer", "category"] as const;
export const REQUIRED_PREDICTION_FIELDS = ["question_text", "system_answer", "original_answer", "category"] as const;

export const DEFAULT_MAX_ITEMS = 100_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
// DEFAULT_MAX_ANSWER_CHARS lives in ./types (the CLI's help text needs it without the validator).
export { DEFAULT_MAX_ANSWER_CHARS };
/** Deeper nesting than this is rejected before JSON.parse (a valid file needs 3 levels). */
export const MAX_JSON_DEPTH = 64;

export const FIELD_HINTS: Record<(typeof PREDICTION_FIELDS)[number], string> = {
  question_text: "the question text exactly as in the dataset's questions.json (question.text)",
  question_image: 'the question image name as in the dataset (question.image), or "" when there is none',
  system_answer: "your system's answer as a string (an empty string is allowed and scores 0)",
  original_answer: "the ground-truth answer copied from the dataset (original_answer)",
  category: "the question's sub-type, e.g. \"Unimodal Precise Recall\"",
};

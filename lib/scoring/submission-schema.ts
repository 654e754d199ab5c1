// The submission contract (benchmark doc §3) as zod schemas: the single source of truth for what a
// prediction file holds. validate-item-schema.ts maps zod's findings to file/path/fix issues; the
// fields and limits themselves are in submission-fields.ts (no zod).
import { z } from "zod";

export { PREDICTION_FIELDS, REQUIRED_PREDICTION_FIELDS, DEFAULT_MAX_ITEMS, DEFAULT_MAX_BYTES, DEFAULT_MAX_ANSWER_CHARS, MAX_JSON_DEPTH, FIELD_HINTS } from "./submission-fields";

/** One prediction. question_image is optional and defaults to "" (no image). */
export const predictionItemSchema = z.looseObject({
  question_text: z.string(),
  question_image: z.string().default(""),
  system_answer: z.string(),
  original_answer: z.string(),
  category: z.string(),
});

export const predictionFileSchema = z.looseObject({
  predictions: z.array(z.unknown()),
});

// One prediction's full rules (validateItem): zod's findings mapped to file/path/fix issues. Loaded
// only when an item is not clean (validate-item.ts proves the clean ones without zod).
import { z } from "zod";
import type { PredictionItem } from "./types";
import { jsonPointer, type IssueList } from "./issues";
import { allowedCategoryNames, normalizeCategory } from "./categories";
import { FIELD_HINTS, PREDICTION_FIELDS, predictionItemSchema } from "./submission-schema";
import { describe, kindOf } from "./validate-item";

const KNOWN_FIELDS = new Set<string>(PREDICTION_FIELDS);

// THE item schema, compiled by zod ahead of time: about half the cost per item. A clone that falls
// back to the schema's own parse whenever its fast path rejects, so every issue is the same.
// Compiled on first use, and only where code generation is allowed (a strict CSP forbids it) and
// the file has enough items to repay the ~2 ms the compilation costs (a 1-item file does not).
const COMPILE_FROM_ITEMS = 256;
let compiledItemSchema: typeof predictionItemSchema | undefined;
const itemSchema = (items: number) =>
  items < COMPILE_FROM_ITEMS ? predictionItemSchema : (compiledItemSchema ??= z.util.allowsEval.value ? z.compile(predictionItemSchema) : predictionItemSchema);

/** Code points, not UTF-16 units, so the limit means the same for every script; counted only near the limit. */
function charCount(text: string, max: number): number {
  return text.length <= max ? text.length : [...text].length;
}

export function validateItem(raw: unknown, index: number, issues: IssueList, maxAnswerChars: number, items: number): PredictionItem | null {
  const at = (field?: string) => jsonPointer(field ? ["predictions", index, field] : ["predictions", index]);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    issues.error("ITEM_NOT_OBJECT", at(), `Each prediction must be an object, got ${describe(raw)}.`, 'Use {"question_text": ..., "question_image": ..., "system_answer": ..., "original_answer": ..., "category": ...}.', { got: kindOf(raw) });
    return null;
  }
  const obj = raw as Record<string, unknown>;
  const result = itemSchema(items).safeParse(obj);
  let ok = result.success;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "") as keyof typeof FIELD_HINTS;
      if (!(field in obj) || obj[field] === undefined) {
        issues.error("MISSING_FIELD", at(field), `Required field "${field}" is missing.`, `Add "${field}": ${FIELD_HINTS[field] ?? "a string"}.`, { field });
      } else {
        issues.error("WRONG_TYPE", at(field), `"${field}" must be a string, got ${describe(obj[field])}.`, `Use a plain string: ${FIELD_HINTS[field] ?? "a string"}.`, { field, got: kindOf(obj[field]) });
      }
    }
  }
  for (const key of Object.keys(obj)) {
    if (!KNOWN_FIELDS.has(key)) issues.warning("UNKNOWN_FIELD", at(key), `Unknown field "${key}" is ignored.`, `Remove it; the fields are ${PREDICTION_FIELDS.join(", ")}.`, { field: key, level: "item", fields: PREDICTION_FIELDS.join(", ") });
    else if (typeof obj[key] === "string" && (obj[key] as string).includes("\u0000")) {
      ok = false;
      issues.error("NULL_BYTE", at(key), `"${key}" contains a null character (\\u0000).`, "Remove the null characters from the string.", { field: key });
    }
  }
  if (typeof obj.category === "string" && normalizeCategory(obj.category) === null) {
    ok = false;
    issues.error("UNKNOWN_CATEGORY", at("category"), `Unknown category "${obj.category.slice(0, 100)}".`, `Use one of: ${allowedCategoryNames()}.`, { value: obj.category.slice(0, 100), allowed: allowedCategoryNames() });
  }
  if (typeof obj.system_answer === "string") {
    const chars = charCount(obj.system_answer, maxAnswerChars);
    if (chars > maxAnswerChars) {
      ok = false;
      issues.error("ANSWER_TOO_LONG", at("system_answer"), `system_answer has ${chars.toLocaleString("en-US")} characters; the limit is ${maxAnswerChars.toLocaleString("en-US")}.`,
        `Shorten the answer to at most ${maxAnswerChars.toLocaleString("en-US")} characters: answers are a sentence or two, and every one is sent to the judge.`, { chars, limit: maxAnswerChars });
    }
  }
  if (!ok || !result.success) return null;
  const item = result.data;
  return {
    question_text: item.question_text,
    question_image: item.question_image,
    system_answer: item.system_answer,
    original_answer: item.original_answer,
    category: item.category,
  };
}

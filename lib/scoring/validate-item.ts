// One prediction's rules (validateItem) and their cheap proof for clean items (cleanItem): the
// file-level checks and the loop over items are in validate.ts.
import { z } from "zod";
import type { PredictionItem } from "./types";
import { jsonPointer, type IssueList } from "./issues";
import { allowedCategoryNames, normalizeCategory } from "./categories";
import { FIELD_HINTS, PREDICTION_FIELDS, REQUIRED_PREDICTION_FIELDS, predictionItemSchema } from "./submission-schema";

const KNOWN_FIELDS = new Set<string>(PREDICTION_FIELDS);

// THE item schema, compiled by zod ahead of time: about half the cost per item. A clone that falls
// back to the schema's own parse whenever its fast path rejects, so every issue is the same.
// Compiled on first use, and only where code generation is allowed (a strict CSP forbids it) and
// the file has enough items to repay the ~2 ms the compilation costs (a 1-item file does not).
const COMPILE_FROM_ITEMS = 256;
let compiledItemSchema: typeof predictionItemSchema | undefined;
const itemSchema = (items: number) =>
  items < COMPILE_FROM_ITEMS ? predictionItemSchema : (compiledItemSchema ??= z.util.allowsEval.value ? z.compile(predictionItemSchema) : predictionItemSchema);

/** The JSON kind of a value, as a stable token for translations: null, array, object, string, number, boolean. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export function describe(value: unknown): string {
  const kind = kindOf(value);
  if (kind === "null") return "null";
  return kind === "array" || kind === "object" ? `an ${kind}` : `a ${kind}`;
}

/**
 * Whether any string of the document can hold U+0000: JSON writes it as a raw character (which
 * strict JSON rejects) or as the escape \u0000 (hex digits of 0 have no case). One scan of the
 * text instead of one per field.
 */
export function mayHoldNul(text: string): boolean {
  return text.includes("\u0000") || text.includes("\\u0000");
}

/**
 * The item itself when validateItem would accept it without a word: an object with exactly the
 * fields, in their order (question_image may be left out), every one a string, none with a null
 * character, a known category, an answer within the limit. Otherwise undefined (validateItem decides).
 */
export function cleanItem(raw: unknown, nul: boolean, maxAnswerChars: number): PredictionItem | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const obj = raw as Record<string, unknown>;
  const keys = Object.keys(obj);
  const full = keys.length === 5;
  if (!sameKeys(keys, full ? PREDICTION_FIELDS : REQUIRED_PREDICTION_FIELDS)) return undefined;
  const { question_text, question_image, system_answer, original_answer, category } = obj;
  if (typeof question_text !== "string" || typeof system_answer !== "string" || typeof original_answer !== "string" || typeof category !== "string") return undefined;
  if (full && typeof question_image !== "string") return undefined;
  if (nul && [question_text, question_image, system_answer, original_answer, category].some((v) => typeof v === "string" && v.includes("\u0000"))) return undefined;
  if (!cleanValues(system_answer, category, maxAnswerChars)) return undefined;
  // The object as the file has it (same fields, same order) is what validateItem would copy.
  return full ? (obj as PredictionItem) : { question_text, question_image: "", system_answer, original_answer, category };
}

/** A clean item's answer and category: within the limit, a known category (else validateItem reports them). */
export function cleanValues(answer: string, category: string, maxAnswerChars: number): boolean {
  // UTF-16 units bound code points from above: within the limit in units means within it.
  return !(answer.length > maxAnswerChars) && normalizeCategory(category) !== null;
}

function sameKeys(keys: string[], fields: readonly string[]): boolean {
  if (keys.length !== fields.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== fields[i]) return false;
  return true;
}

/** The warnings of an accepted item: blank fields (it is still scored). */
export function blankWarnings(item: PredictionItem, index: number, issues: IssueList): void {
  const at = (field: string) => jsonPointer(["predictions", index, field]); // called only for a warning
  if (isBlank(item.system_answer)) issues.warning("EMPTY_ANSWER", at("system_answer"), "system_answer is empty; it scores 0 on every metric.", "Fill in your system's answer if it produced one.");
  if (isBlank(item.question_text)) issues.warning("EMPTY_QUESTION", at("question_text"), "question_text is empty; it cannot be matched to a benchmark question.", FIELD_HINTS.question_text);
  if (isBlank(item.original_answer)) issues.warning("EMPTY_REFERENCE", at("original_answer"), "original_answer is empty; without an answer key this item scores 0.", FIELD_HINTS.original_answer);
}

/** text.trim() === "", without trimming when the first character is visible ASCII (nearly always). */
function isBlank(text: string): boolean {
  const c = text.charCodeAt(0);
  return c > 0x20 && c < 0x7f ? false : text.trim() === "";
}

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

// One prediction's cheap proof of cleanliness (cleanItem, cleanValues) and the warnings of an
// accepted item; no zod here, so a clean file is read without loading it (prediction-file.ts). The
// item's full rules, with zod, are in validate-item-schema.ts; the file-level checks in validate.ts.
import type { PredictionItem } from "./types";
import { jsonPointer, type IssueList } from "./issues";
import { normalizeCategory } from "./categories";
import { FIELD_HINTS, PREDICTION_FIELDS, REQUIRED_PREDICTION_FIELDS } from "./submission-fields";

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

// One prediction item: the per-item checks and the duplicate-question warning, shared by the
// whole-file parser (validate-file.ts) and the streaming reader (stream-prediction-file.ts) so
// both report exactly the same issues in the same order.
import type { PredictionItem } from "./types";
import { jsonPointer, type IssueList } from "./issues";
import { allowedCategoryNames, normalizeCategory } from "./categories";
import { FIELD_HINTS, PREDICTION_FIELDS, predictionItemSchema } from "./submission-schema";
import { normalizeText, imageBaseName } from "./text-normalize";

const KNOWN_FIELDS = new Set<string>(PREDICTION_FIELDS);

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** Remembers the first index of each duplicate key: `firstOrAdd` returns it, or -1 for a new key. */
export type FirstSeen = { firstOrAdd(key: string, index: number): number };

/** Exact keys: fine for the upload-sized files parsed whole. */
export class ExactFirstSeen implements FirstSeen {
  private readonly seen = new Map<string, number>();

  firstOrAdd(key: string, index: number): number {
    const first = this.seen.get(key);
    if (first !== undefined) return first;
    this.seen.set(key, index);
    return -1;
  }
}

/**
 * Validates items in file order and warns about repeated questions. The streaming reader passes a
 * HashedKeyIndex (hashed-key-index.ts) as `seen`, since a local file may hold millions of items.
 */
export class ItemChecker {
  constructor(
    private readonly issues: IssueList,
    private readonly seen: FirstSeen = new ExactFirstSeen(),
  ) {}

  check(raw: unknown, index: number): PredictionItem | null {
    const item = validateItem(raw, index, this.issues);
    if (!item) return null;
    // Same text + image with a different original_answer is a distinct question (the key has
    // such pairs, e.g. formulaic conflict-detection questions), so the answer is part of the key.
    const key = `${normalizeText(item.question_text)}\u0000${imageBaseName(item.question_image)}\u0000${normalizeText(item.original_answer)}`;
    const first = this.seen.firstOrAdd(key, index);
    if (first >= 0) this.issues.warning("DUPLICATE_QUESTION", jsonPointer(["predictions", index]), `Same question_text, question_image and original_answer as /predictions/${first}.`, "Keep one prediction per question; with an answer key only the first is scored against it.");
    return item;
  }
}

export function validateItem(raw: unknown, index: number, issues: IssueList): PredictionItem | null {
  const at = (field?: string) => jsonPointer(field ? ["predictions", index, field] : ["predictions", index]);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    issues.error("ITEM_NOT_OBJECT", at(), `Each prediction must be an object, got ${describe(raw)}.`, 'Use {"question_text": ..., "question_image": ..., "system_answer": ..., "original_answer": ..., "category": ...}.');
    return null;
  }
  const obj = raw as Record<string, unknown>;
  const result = predictionItemSchema.safeParse(obj);
  let ok = result.success;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "") as keyof typeof FIELD_HINTS;
      if (!(field in obj) || obj[field] === undefined) {
        issues.error("MISSING_FIELD", at(field), `Required field "${field}" is missing.`, `Add "${field}": ${FIELD_HINTS[field] ?? "a string"}.`);
      } else {
        issues.error("WRONG_TYPE", at(field), `"${field}" must be a string, got ${describe(obj[field])}.`, `Use a plain string: ${FIELD_HINTS[field] ?? "a string"}.`);
      }
    }
  }
  for (const key of Object.keys(obj)) {
    if (!KNOWN_FIELDS.has(key)) issues.warning("UNKNOWN_FIELD", at(key), `Unknown field "${key}" is ignored.`, `Remove it; the fields are ${PREDICTION_FIELDS.join(", ")}.`);
    else if (typeof obj[key] === "string" && (obj[key] as string).includes("\u0000")) {
      ok = false;
      issues.error("NULL_BYTE", at(key), `"${key}" contains a null character (\\u0000).`, "Remove the null characters from the string.");
    }
  }
  if (typeof obj.category === "string" && normalizeCategory(obj.category) === null) {
    ok = false;
    issues.error("UNKNOWN_CATEGORY", at("category"), `Unknown category "${obj.category.slice(0, 100)}".`, `Use one of: ${allowedCategoryNames()}.`);
  }
  if (!ok || !result.success) return null;
  const item = result.data;
  if (item.system_answer.trim() === "") issues.warning("EMPTY_ANSWER", at("system_answer"), "system_answer is empty; it scores 0 on every metric.", "Fill in your system's answer if it produced one.");
  if (item.question_text.trim() === "") issues.warning("EMPTY_QUESTION", at("question_text"), "question_text is empty; it cannot be matched to a benchmark question.", FIELD_HINTS.question_text);
  if (item.original_answer.trim() === "") issues.warning("EMPTY_REFERENCE", at("original_answer"), "original_answer is empty; without an answer key this item scores 0.", FIELD_HINTS.original_answer);
  return predictionItemOf(item)!;
}

/**
 * The PredictionItem of an item object: its five strings, question_image "" when absent; null if
 * any field is not a string. validateItem's result, and the cheap re-check when a file validated
 * in full is read again for scoring (stream-prediction-file.ts).
 */
export function predictionItemOf(raw: unknown): PredictionItem | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  const image = o.question_image === undefined ? "" : o.question_image;
  if (typeof o.question_text !== "string" || typeof image !== "string" || typeof o.system_answer !== "string" || typeof o.original_answer !== "string" || typeof o.category !== "string") return null;
  return { question_text: o.question_text, question_image: image, system_answer: o.system_answer, original_answer: o.original_answer, category: o.category };
}

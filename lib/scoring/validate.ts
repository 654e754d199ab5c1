// parsePredictionFile: bytes -> validated PredictionItem[] plus EVERY problem found, each with file,
// JSON path and a fix. Errors make the file unusable; warnings are shown but the file is scored.
// Entry point `@/lib/scoring/validate` for the browser (the upload form checks files with the same
// parser as the server), so it must never import the lexical engine.
import type { PredictionItem, Split } from "./types";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { decodeText, parseJsonText } from "./json-text";
import { readCleanBytes, readCleanFile, type ByteViews } from "./clean-file";
import { DEFAULT_MAX_ANSWER_CHARS, DEFAULT_MAX_BYTES, DEFAULT_MAX_ITEMS } from "./submission-schema";
import { QuestionKeys } from "./question-keys";
import { blankWarnings, cleanItem, describe, kindOf, mayHoldNul, validateItem } from "./validate-item";

export { hasErrors, type Severity, type ValidationIssue } from "./issues";
export { ISSUE_CODES, FIELD_CODES, DETAIL_CODES, type IssueCode, type FieldCode, type DetailCode, type IssueParams } from "./issue-codes";
export { DEFAULT_MAX_ANSWER_CHARS } from "./submission-schema";
export type { ByteViews } from "./clean-file";

export type ParsedFile = { file: string; split: Split; items: PredictionItem[]; issues: ValidationIssue[]; ok: boolean };
export type ParseOptions = {
  file: string;
  split: Split;
  maxItems?: number;
  maxBytes?: number;
  maxAnswerChars?: number;
  /** Node's views of bytes (cli/io.ts): a common file is then read without its UTF-16 text. The same result without them. */
  byteViews?: ByteViews;
};

/** Split named by an official file name (prediction_multi_party.json is the template's alias). */
export function splitForFileName(name: string): Split | null {
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  if (base === "prediction_dyadic.json") return "dyadic";
  if (base === "prediction_multiparty.json" || base === "prediction_multi_party.json") return "multi-party";
  return null;
}

function byteLength(input: string | Uint8Array): number {
  return typeof input === "string" ? new TextEncoder().encode(input).length : input.byteLength;
}

export function parsePredictionFile(input: string | Uint8Array, opts: ParseOptions): ParsedFile {
  const issues = new IssueList(opts.file);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxItems = opts.maxItems ?? DEFAULT_MAX_ITEMS;
  const maxAnswerChars = opts.maxAnswerChars ?? DEFAULT_MAX_ANSWER_CHARS;
  const done = (items: PredictionItem[]): ParsedFile => {
    const list = issues.finish();
    return { file: opts.file, split: opts.split, items, issues: list, ok: !list.some((i) => i.severity === "error") };
  };

  const size = byteLength(input);
  if (size > maxBytes) {
    issues.error("TOO_LARGE", "", `The file has ${size} bytes; the limit is ${maxBytes}.`, "Shorten overly long answers or split nothing: one file per split is expected.", { size, limit: maxBytes });
    return done([]);
  }
  // The common file (strict JSON of clean items only) is read straight into items; any other
  // takes the full path: decoded, parsed as JSON, then every item checked. (Read from Node's byte
  // views or from the text, a file is clean alike: it is not asked twice.)
  const views = typeof input === "string" ? undefined : opts.byteViews;
  let clean = views ? readCleanBytes(input as Uint8Array, views, maxAnswerChars) : null;
  let text = "";
  if (clean === null) {
    const decoded = decodeText(input, issues);
    if (decoded === null) return done([]);
    text = decoded;
    if (!views) clean = readCleanFile(text, maxAnswerChars);
  }
  const list = clean ?? predictionList(text, issues);
  if (list === null) return done([]);
  if (list.length > maxItems) {
    issues.error("TOO_MANY_ITEMS", "/predictions", `The file has ${list.length} predictions; the limit is ${maxItems}.`, "Submit one prediction per benchmark question (2,236 in total).", { count: list.length, limit: maxItems });
    return done([]);
  }
  if (list.length === 0) {
    // An empty file would be scored as all zeros: never what the author meant to publish.
    issues.error("NO_PREDICTIONS", "/predictions", "The predictions array is empty.", "Add one object per question of this split (both splits are required).");
    return done([]);
  }

  const items: PredictionItem[] = [];
  const seen = new QuestionKeys();
  const nul = clean === null && mayHoldNul(text);
  for (let index = 0; index < list.length; index++) {
    // Most items are clean: those skip the schema and the per-field checks (same result, proven
    // cheaply); any other item takes the full path, which reports each of its problems.
    const item = clean !== null ? clean[index] : (cleanItem(list[index], nul, maxAnswerChars) ?? validateItem(list[index], index, issues, maxAnswerChars, list.length));
    if (!item) continue;
    blankWarnings(item, index, issues);
    items.push(item);
    const first = seen.firstOf(item, index);
    if (first !== undefined) issues.warning("DUPLICATE_QUESTION", jsonPointer(["predictions", index]), `Same question_text, question_image and original_answer as /predictions/${first}.`, "Keep one prediction per question; with an answer key only the first is scored against it.", { first });
  }
  return done(issues.hasErrors ? [] : items);
}

/** The file's predictions array as JSON.parse (or the tolerant parser) reads it, or null after reporting why not. */
function predictionList(text: string, issues: IssueList): unknown[] | null {
  const parsed = parseJsonText(text, issues);
  if (!parsed) return null;
  const root = parsed.value;
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    issues.error("WRONG_ROOT", "", `The root must be an object {"predictions": [...]}, got ${describe(root)}.`,
      Array.isArray(root) ? 'Wrap the array: {"predictions": [ ...your items... ]}.' : 'Write {"predictions": [ ... ]} at the top level.', { got: kindOf(root) });
    return null;
  }
  const obj = root as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (key !== "predictions") issues.warning("UNKNOWN_FIELD", jsonPointer([key]), `Unknown top-level field "${key}" is ignored.`, "Remove it; only \"predictions\" is read.", { field: key, level: "root", fields: "predictions" });
  }
  if (!("predictions" in obj)) {
    issues.error("MISSING_PREDICTIONS", "/predictions", 'The root object has no "predictions" field.', 'Add "predictions": [ ... ] with one object per question.');
    return null;
  }
  const list = obj.predictions;
  if (!Array.isArray(list)) {
    issues.error("PREDICTIONS_NOT_ARRAY", "/predictions", `"predictions" must be an array, got ${describe(list)}.`, 'Use "predictions": [ {...}, {...} ].', { got: kindOf(list) });
    return null;
  }
  return list;
}

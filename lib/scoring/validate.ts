// parsePredictionFile: bytes -> validated PredictionItem[] plus EVERY problem found, each with file,
// JSON path and a fix. Errors make the file unusable; warnings are shown but the file is scored.
// Entry point `@/lib/scoring/validate` for the browser (the upload form checks files with the same
// parser as the server), so it must never import the lexical engine. The checks above the items and
// the clean-file read are in prediction-file.ts (no zod), each item's full rules in validate-item-schema.ts.
import { IssueList, jsonPointer } from "./issues";
import { decodeText, parseJsonText } from "./json-text";
import { readCleanFile } from "./clean-file";
import { checkPredictions, finishFile, limitsOf, parseCleanPredictionBytes, type ParsedFile, type ParseOptions } from "./prediction-file";
import { cleanItem, describe, kindOf, mayHoldNul } from "./validate-item";
import { validateItem } from "./validate-item-schema";

export { hasErrors, type Severity, type ValidationIssue } from "./issues";
export { ISSUE_CODES, FIELD_CODES, DETAIL_CODES, type IssueCode, type FieldCode, type DetailCode, type IssueParams } from "./issue-codes";
export { DEFAULT_MAX_ANSWER_CHARS } from "./submission-fields";
export type { ByteViews } from "./clean-file";
export { splitForFileName, type ParsedFile, type ParseOptions } from "./prediction-file";

function byteLength(input: string | Uint8Array): number {
  return typeof input === "string" ? new TextEncoder().encode(input).length : input.byteLength;
}

export function parsePredictionFile(input: string | Uint8Array, opts: ParseOptions): ParsedFile {
  // The common file (strict JSON of clean items only) is read straight into items; any other
  // takes the full path. (Read from Node's byte views or from the text, a file is clean alike: it
  // is not asked twice.)
  const views = typeof input === "string" ? undefined : opts.byteViews;
  return (views && parseCleanPredictionBytes(input as Uint8Array, { ...opts, byteViews: views })) || parsePredictionFileFully(input, opts);
}

/**
 * The full path, for a file parseCleanPredictionBytes did not take (or text, or bytes without
 * Node's views): decoded, parsed as JSON, then every item checked; a clean text is still read
 * straight into items.
 */
export function parsePredictionFileFully(input: string | Uint8Array, opts: ParseOptions): ParsedFile {
  const issues = new IssueList(opts.file);
  const { maxBytes, maxAnswerChars } = limitsOf(opts);
  const size = byteLength(input);
  if (size > maxBytes) {
    issues.error("TOO_LARGE", "", `The file has ${size} bytes; the limit is ${maxBytes}.`, "Shorten overly long answers or split nothing: one file per split is expected.", { size, limit: maxBytes });
    return finishFile(opts, issues, []);
  }
  const text = decodeText(input, issues);
  if (text === null) return finishFile(opts, issues, []);
  const clean = typeof input === "string" || !opts.byteViews ? readCleanFile(text, maxAnswerChars) : null;
  if (clean !== null) return checkPredictions(clean.length, (i) => clean[i], opts, issues);
  const list = predictionList(text, issues);
  if (list === null) return finishFile(opts, issues, []);
  // Most items are clean: those skip the schema and the per-field checks (same result, proven
  // cheaply); any other item takes the full path, which reports each of its problems.
  const nul = mayHoldNul(text);
  return checkPredictions(list.length, (i) => cleanItem(list[i], nul, maxAnswerChars) ?? validateItem(list[i], i, issues, maxAnswerChars, list.length), opts, issues);
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

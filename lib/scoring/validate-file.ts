// parsePredictionFile: bytes -> validated PredictionItem[] plus EVERY problem found, each with file,
// JSON path and a fix. Errors make the file unusable; warnings are shown but the file is scored.
import type { PredictionItem, Split } from "./types";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { decodeText, parseJsonText } from "./json-text";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ITEMS } from "./submission-schema";
import { describe, ItemChecker } from "./validate-item";

export type ParsedFile = { file: string; split: Split; items: PredictionItem[]; issues: ValidationIssue[]; ok: boolean };
export type ParseOptions = { file: string; split: Split; maxItems?: number; maxBytes?: number };

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
  const done = (items: PredictionItem[]): ParsedFile => {
    const list = issues.finish();
    return { file: opts.file, split: opts.split, items, issues: list, ok: !list.some((i) => i.severity === "error") };
  };

  if (!checkSize(byteLength(input), maxBytes, issues)) return done([]);
  const text = decodeText(input, issues);
  if (text === null) return done([]);
  const parsed = parseJsonText(text, issues);
  if (!parsed) return done([]);

  const root = parsed.value;
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    issues.error("WRONG_ROOT", "", `The root must be an object {"predictions": [...]}, got ${describe(root)}.`,
      Array.isArray(root) ? 'Wrap the array: {"predictions": [ ...your items... ]}.' : 'Write {"predictions": [ ... ]} at the top level.');
    return done([]);
  }
  const obj = root as Record<string, unknown>;
  const list = obj.predictions;
  const shape: PredictionsShape = !("predictions" in obj) ? { kind: "missing" } : Array.isArray(list) ? { kind: "array", length: list.length } : { kind: "other", value: list };
  if (!checkRoot(Object.keys(obj), shape, maxItems, issues)) return done([]);

  const items: PredictionItem[] = [];
  const checker = new ItemChecker(issues);
  (list as unknown[]).forEach((raw, index) => {
    const item = checker.check(raw, index);
    if (item) items.push(item);
  });
  return done(issues.hasErrors ? [] : items);
}

/** What the root's "predictions" holds: enough for the root checks without holding the items. */
export type PredictionsShape = { kind: "missing" } | { kind: "array"; length: number } | { kind: "other"; value: unknown };

/** The byte limit, checked before anything is decoded. False when the file is rejected. */
export function checkSize(size: number, maxBytes: number, issues: IssueList): boolean {
  if (size <= maxBytes) return true;
  issues.error("TOO_LARGE", "", `The file has ${size} bytes; the limit is ${maxBytes}.`, "Shorten overly long answers or split nothing: one file per split is expected.");
  return false;
}

/** Checks of the root object (keys in Object.keys order). False when the items must not be read. */
export function checkRoot(keys: readonly string[], predictions: PredictionsShape, maxItems: number, issues: IssueList): boolean {
  for (const key of keys) {
    if (key !== "predictions") issues.warning("UNKNOWN_FIELD", jsonPointer([key]), `Unknown top-level field "${key}" is ignored.`, "Remove it; only \"predictions\" is read.");
  }
  if (predictions.kind === "missing") {
    issues.error("MISSING_PREDICTIONS", "/predictions", 'The root object has no "predictions" field.', 'Add "predictions": [ ... ] with one object per question.');
    return false;
  }
  if (predictions.kind === "other") {
    issues.error("PREDICTIONS_NOT_ARRAY", "/predictions", `"predictions" must be an array, got ${describe(predictions.value)}.`, 'Use "predictions": [ {...}, {...} ].');
    return false;
  }
  if (predictions.length > maxItems) {
    issues.error("TOO_MANY_ITEMS", "/predictions", `The file has ${predictions.length} predictions; the limit is ${maxItems}.`, "Submit one prediction per benchmark question (2,236 in total).");
    return false;
  }
  if (predictions.length === 0) issues.warning("NO_PREDICTIONS", "/predictions", "The predictions array is empty.", "Add one object per question of this split.");
  return true;
}

// A prediction file's checks above its items (size, count, blank fields, duplicate questions) and
// the common case read without zod or the tolerant JSON parser: a clean file (clean-file.ts) from
// Node's byte views. Entry point `@/lib/scoring/prediction-file` for the CLI, whose `validate` of a
// clean file then starts ~20 ms sooner; any other file takes validate.ts's full path.
import type { PredictionItem, Split } from "./types";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { readCleanBytes, type ByteViews } from "./clean-file";
import { DEFAULT_MAX_ANSWER_CHARS, DEFAULT_MAX_BYTES, DEFAULT_MAX_ITEMS } from "./submission-fields";
import { QuestionKeys } from "./question-keys";
import { blankWarnings } from "./validate-item";

export { hasErrors, type Severity, type ValidationIssue } from "./issues";
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

export const limitsOf = (opts: ParseOptions) => ({
  maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
  maxItems: opts.maxItems ?? DEFAULT_MAX_ITEMS,
  maxAnswerChars: opts.maxAnswerChars ?? DEFAULT_MAX_ANSWER_CHARS,
});

/** The result: no items when any error was found. */
export function finishFile(opts: ParseOptions, issues: IssueList, items: PredictionItem[]): ParsedFile {
  const list = issues.finish();
  const ok = !list.some((i) => i.severity === "error");
  return { file: opts.file, split: opts.split, items: ok ? items : [], issues: list, ok };
}

/**
 * The file-level checks over the predictions array: its length, then each item as `itemAt` returns
 * it (null: rejected, and reported by itemAt), its blank fields and whether it repeats a question.
 */
export function checkPredictions(count: number, itemAt: (index: number) => PredictionItem | null, opts: ParseOptions, issues: IssueList): ParsedFile {
  const { maxItems } = limitsOf(opts);
  if (count > maxItems) {
    issues.error("TOO_MANY_ITEMS", "/predictions", `The file has ${count} predictions; the limit is ${maxItems}.`, "Submit one prediction per benchmark question (2,236 in total).", { count, limit: maxItems });
    return finishFile(opts, issues, []);
  }
  if (count === 0) {
    // An empty file would be scored as all zeros: never what the author meant to publish.
    issues.error("NO_PREDICTIONS", "/predictions", "The predictions array is empty.", "Add one object per question of this split (both splits are required).");
    return finishFile(opts, issues, []);
  }
  const items: PredictionItem[] = [];
  const seen = new QuestionKeys();
  for (let index = 0; index < count; index++) {
    const item = itemAt(index);
    if (!item) continue;
    blankWarnings(item, index, issues);
    items.push(item);
    const first = seen.firstOf(item, index);
    if (first !== undefined) issues.warning("DUPLICATE_QUESTION", jsonPointer(["predictions", index]), `Same question_text, question_image and original_answer as /predictions/${first}.`, "Keep one prediction per question; with an answer key only the first is scored against it.", { first });
  }
  return finishFile(opts, issues, items);
}

/**
 * parsePredictionFile's result for a clean file read from Node's byte views, or null: then
 * parsePredictionFileFully (validate.ts) decides, and reports every problem. Same result as
 * parsePredictionFile for every file it accepts.
 */
export function parseCleanPredictionBytes(bytes: Uint8Array, opts: ParseOptions & { byteViews: ByteViews }): ParsedFile | null {
  const { maxBytes, maxAnswerChars } = limitsOf(opts);
  if (bytes.byteLength > maxBytes) return null; // the full path reports it
  const clean = readCleanBytes(bytes, opts.byteViews, maxAnswerChars);
  return clean === null ? null : checkPredictions(clean.length, (i) => clean[i], opts, new IssueList(opts.file));
}

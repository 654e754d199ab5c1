// The one reader of a prediction file (server, CLI, browser upload form), so it must never import the lexical engine.
import { SPLITS, type PredictionItem, type Split } from "./types";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { decodeText, parseJsonText } from "./json-text";
import { normalizeCategory, unknownCategoryFix } from "./categories";
import {
  DEFAULT_MAX_ANSWER_CHARS,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ITEMS,
  FIELD_HINTS,
  MAX_RETRIEVED_SESSIONS,
  PREDICTION_FIELDS,
  PREDICTION_FILE_ALIASES,
  PREDICTION_FILE_NAMES,
  exampleFileName,
  predictionItemSchema,
} from "./submission-schema";
import { QuestionKeys } from "./question-keys";

export { hasErrors, type ValidationIssue } from "./issues";
export { ISSUE_CODES, FIELD_CODES, DETAIL_CODES, type IssueParams } from "./issue-codes";
export { DEFAULT_MAX_ANSWER_CHARS } from "./types";
export {
  PREDICTION_FIELDS,
  PREDICTION_FILE_ALIASES,
  PREDICTION_FILE_NAMES,
  isOptionalField,
} from "./submission-schema";

export type ParsedFile = {
  file: string;
  split: Split;
  items: PredictionItem[];
  issues: ValidationIssue[];
  ok: boolean;
};
export type ParseOptions = {
  file: string;
  split: Split;
  maxItems?: number;
  maxBytes?: number;
  maxAnswerChars?: number;
};

const KNOWN_FIELDS = new Set<string>(PREDICTION_FIELDS);

export function splitForFileName(name: string): Split | null {
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  for (const split of SPLITS) {
    const names = [PREDICTION_FILE_NAMES[split], ...PREDICTION_FILE_ALIASES[split], exampleFileName(split)];
    if (names.includes(base)) return split;
  }
  return null;
}

/** A stable token for translations. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function describe(value: unknown): string {
  const kind = kindOf(value);
  if (kind === "null") return "null";
  return kind === "array" || kind === "object" ? `an ${kind}` : `a ${kind}`;
}

export function parsePredictionFile(input: string | Uint8Array, opts: ParseOptions): ParsedFile {
  const issues = new IssueList(opts.file);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxItems = opts.maxItems ?? DEFAULT_MAX_ITEMS;
  const done = (items: PredictionItem[]): ParsedFile => {
    const list = issues.finish();
    const ok = !list.some((i) => i.severity === "error");
    return { file: opts.file, split: opts.split, items: ok ? items : [], issues: list, ok };
  };

  const size = typeof input === "string" ? new TextEncoder().encode(input).length : input.byteLength;
  if (size > maxBytes) {
    issues.error(
      "TOO_LARGE",
      "",
      `The file has ${size} bytes; the limit is ${maxBytes}.`,
      "Shorten overly long answers or split nothing: one file per split is expected.",
      { size, limit: maxBytes },
    );
    return done([]);
  }
  const text = decodeText(input, issues);
  const list = text === null ? null : predictionList(text, issues);
  if (list === null) return done([]);
  if (list.length > maxItems) {
    issues.error(
      "TOO_MANY_ITEMS",
      "/predictions",
      `The file has ${list.length} predictions; the limit is ${maxItems}.`,
      "Submit one prediction per benchmark question (2,236 in total).",
      { count: list.length, limit: maxItems },
    );
    return done([]);
  }
  if (list.length === 0) {
    // An empty file would be scored as all zeros: never what the author meant to publish.
    issues.error(
      "NO_PREDICTIONS",
      "/predictions",
      "The predictions array is empty.",
      "Add one object per question of this split (both splits are required).",
    );
    return done([]);
  }
  const items: PredictionItem[] = [];
  const seen = new QuestionKeys();
  list.forEach((raw, index) => {
    const item = validateItem(raw, index, issues, opts.maxAnswerChars ?? DEFAULT_MAX_ANSWER_CHARS);
    if (!item) return;
    items.push(item);
    const first = seen.firstOf(item, index);
    if (first !== undefined)
      issues.warning(
        "DUPLICATE_QUESTION",
        jsonPointer(["predictions", index]),
        `Same question_text, question_image and original_answer as /predictions/${first}.`,
        "Keep one prediction per question; with an answer key only the first is scored against it.",
        { first },
      );
  });
  return done(items);
}

function predictionList(text: string, issues: IssueList): unknown[] | null {
  const parsed = parseJsonText(text, issues);
  if (!parsed) return null;
  const root = parsed.value;
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    issues.error(
      "WRONG_ROOT",
      "",
      `The root must be an object {"predictions": [...]}, got ${describe(root)}.`,
      Array.isArray(root)
        ? 'Wrap the array: {"predictions": [ ...your items... ]}.'
        : 'Write {"predictions": [ ... ]} at the top level.',
      { got: kindOf(root) },
    );
    return null;
  }
  const obj = root as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (key !== "predictions")
      issues.warning(
        "UNKNOWN_FIELD",
        jsonPointer([key]),
        `Unknown top-level field "${key}" is ignored.`,
        'Remove it; only "predictions" is read.',
        { field: key, level: "root", fields: "predictions" },
      );
  }
  if (!("predictions" in obj)) {
    issues.error(
      "MISSING_PREDICTIONS",
      "/predictions",
      'The root object has no "predictions" field.',
      'Add "predictions": [ ... ] with one object per question.',
    );
    return null;
  }
  const list = obj.predictions;
  if (!Array.isArray(list)) {
    issues.error(
      "PREDICTIONS_NOT_ARRAY",
      "/predictions",
      `"predictions" must be an array, got ${describe(list)}.`,
      'Use "predictions": [ {...}, {...} ].',
      { got: kindOf(list) },
    );
    return null;
  }
  return list;
}

/** Code points, so the limit means the same for every script; counted only near the limit. */
function charCount(text: string, max: number): number {
  return text.length <= max ? text.length : [...text].length;
}

/** Null after reporting why the item is rejected. */
function validateItem(raw: unknown, index: number, issues: IssueList, maxAnswerChars: number): PredictionItem | null {
  const at = (field?: string) => jsonPointer(field ? ["predictions", index, field] : ["predictions", index]);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    issues.error(
      "ITEM_NOT_OBJECT",
      at(),
      `Each prediction must be an object, got ${describe(raw)}.`,
      'Use {"question_text": ..., "question_image": ..., "system_answer": ..., "original_answer": ..., "category": ...}.',
      { got: kindOf(raw) },
    );
    return null;
  }
  const obj = raw as Record<string, unknown>;
  const result = predictionItemSchema.safeParse(obj);
  let ok = result.success;
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "") as keyof typeof FIELD_HINTS;
    if (field === "retrieved_sessions") sessionIssue(issue, obj[field], at(field), issues);
    else if (!(field in obj) || obj[field] === undefined) {
      issues.error(
        "MISSING_FIELD",
        at(field),
        `Required field "${field}" is missing.`,
        `Add "${field}": ${FIELD_HINTS[field] ?? "a string"}.`,
        { field },
      );
    } else {
      issues.error(
        "WRONG_TYPE",
        at(field),
        `"${field}" must be a string, got ${describe(obj[field])}.`,
        `Use a plain string: ${FIELD_HINTS[field] ?? "a string"}.`,
        { field, got: kindOf(obj[field]) },
      );
    }
  }
  for (const key of Object.keys(obj)) {
    if (!KNOWN_FIELDS.has(key))
      issues.warning(
        "UNKNOWN_FIELD",
        at(key),
        `Unknown field "${key}" is ignored.`,
        `Remove it; the fields are ${PREDICTION_FIELDS.join(", ")}.`,
        { field: key, level: "item", fields: PREDICTION_FIELDS.join(", ") },
      );
    else if (typeof obj[key] === "string" && obj[key].includes("\u0000")) {
      ok = false;
      issues.error(
        "NULL_BYTE",
        at(key),
        `"${key}" contains a null character (\\u0000).`,
        "Remove the null characters from the string.",
        { field: key },
      );
    }
  }
  if (typeof obj.category === "string" && normalizeCategory(obj.category) === null) {
    ok = false;
    const { fix, params } = unknownCategoryFix(obj.category);
    issues.error("UNKNOWN_CATEGORY", at("category"), `Unknown category "${obj.category.slice(0, 100)}".`, fix, params);
  }
  if (typeof obj.system_answer === "string") {
    const chars = charCount(obj.system_answer, maxAnswerChars);
    if (chars > maxAnswerChars) {
      ok = false;
      issues.error(
        "ANSWER_TOO_LONG",
        at("system_answer"),
        `system_answer has ${chars.toLocaleString("en-US")} characters; the limit is ${maxAnswerChars.toLocaleString("en-US")}.`,
        `Shorten the answer to at most ${maxAnswerChars.toLocaleString("en-US")} characters: answers are a sentence or two, and every one is sent to the judge.`,
        { chars, limit: maxAnswerChars },
      );
    }
  }
  if (!ok || !result.success) return null;
  const { question_text, question_image, system_answer, original_answer, category, retrieved_sessions } = result.data;
  // Blank fields are warnings: the item is still scored.
  if (system_answer.trim() === "")
    issues.warning(
      "EMPTY_ANSWER",
      at("system_answer"),
      "system_answer is empty; it scores 0 on every metric.",
      "Fill in your system's answer if it produced one.",
    );
  if (question_text.trim() === "")
    issues.warning(
      "EMPTY_QUESTION",
      at("question_text"),
      "question_text is empty; it cannot be matched to a benchmark question.",
      FIELD_HINTS.question_text,
    );
  if (original_answer.trim() === "")
    issues.warning(
      "EMPTY_REFERENCE",
      at("original_answer"),
      "original_answer is empty; without an answer key this item scores 0.",
      FIELD_HINTS.original_answer,
    );
  const item = { question_text, question_image, system_answer, original_answer, category };
  return retrieved_sessions ? { ...item, retrieved_sessions } : item;
}

type ZodIssue = { code: string; path: PropertyKey[]; params?: Record<string, unknown> };
const SESSION_FIX = 'Use session folder names of the question\'s dialogue, best first, e.g. ["session3", "session1"].';

/** One located error per bad entry of retrieved_sessions (the schema found it; this says where and why). */
function sessionIssue(issue: ZodIssue, value: unknown, path: string, issues: IssueList): void {
  const index = issue.path[1];
  if (typeof index !== "number") {
    if (issue.code === "too_big") {
      const count = (value as unknown[]).length;
      issues.error(
        "TOO_MANY_SESSIONS",
        path,
        `retrieved_sessions lists ${count} sessions; the limit is ${MAX_RETRIEVED_SESSIONS}.`,
        `Keep the ${MAX_RETRIEVED_SESSIONS} best-ranked sessions your answerer was given.`,
        { count, limit: MAX_RETRIEVED_SESSIONS },
      );
    } else
      issues.error(
        "SESSIONS_NOT_ARRAY",
        path,
        `"retrieved_sessions" must be an array of session names, got ${describe(value)}.`,
        `${SESSION_FIX} Omit the field if you do not report evidence.`,
        { got: kindOf(value) },
      );
    return;
  }
  const at = `${path}/${index}`;
  const entry = (value as unknown[])[index];
  if (issue.code === "custom") {
    const first = Number(issue.params?.first);
    issues.error(
      "DUPLICATE_SESSION",
      at,
      `"${String(entry)}" is already listed at retrieved_sessions/${first}.`,
      "List each session once, at its best rank.",
      { value: String(entry), first },
    );
  } else {
    const shown = typeof entry === "string" ? `"${entry.slice(0, 100)}"` : describe(entry);
    issues.error("BAD_SESSION_NAME", at, `${shown} is not a session name (sessionK).`, SESSION_FIX, {
      value: shown,
    });
  }
}

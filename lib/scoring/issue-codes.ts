// Machine codes of validation problems: clients translate by code, so a code is never renamed or reused.

export const ISSUE_CODES = [
  // reading the file
  "TOO_LARGE",
  "INVALID_UTF8",
  "EMPTY_FILE",
  "TOO_DEEP",
  "NOT_JSON",
  "INVALID_JSON",
  "TRUNCATED_JSON",
  "JSON_COMMENTS",
  // the file's structure and items
  "WRONG_ROOT",
  "UNKNOWN_FIELD",
  "MISSING_PREDICTIONS",
  "PREDICTIONS_NOT_ARRAY",
  "TOO_MANY_ITEMS",
  "NO_PREDICTIONS",
  "DUPLICATE_QUESTION",
  "ITEM_NOT_OBJECT",
  "MISSING_FIELD",
  "WRONG_TYPE",
  "NULL_BYTE",
  "UNKNOWN_CATEGORY",
  "ANSWER_TOO_LONG",
  "EMPTY_ANSWER",
  "EMPTY_QUESTION",
  "EMPTY_REFERENCE",
  "SESSIONS_NOT_ARRAY",
  "TOO_MANY_SESSIONS",
  "BAD_SESSION_NAME",
  "DUPLICATE_SESSION",
  // the upload as a whole
  "MISSING_FILE",
  "NO_ANSWER_KEY",
  "SPLIT_SWAPPED",
  "SPLIT_MISSING",
  // matching against the answer key
  "UNMATCHED_PREDICTION",
  "DUPLICATE_PREDICTION",
  "AMBIGUOUS_MATCH",
  "CATEGORY_DIFFERS",
  "ANSWER_DIFFERS",
  "MISSING_QUESTIONS",
  // the answer key's own files
  "BAD_QUESTIONS_FILE",
  "BAD_QUESTION",
  "MAIN_TYPE_MISMATCH",
  "UNKNOWN_DIFFICULTY",
  // the CLI's file-name checks
  "SPLIT_UNKNOWN",
  "FILE_NAME_SPLIT",
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** Problems with a request or form field; zod issues map onto these (lib/server/errors.ts). */
export const FIELD_CODES = [
  "FIELD_REQUIRED",
  "FIELD_INVALID_TYPE",
  "FIELD_TOO_SHORT",
  "FIELD_TOO_LONG",
  "FIELD_INVALID_FORMAT",
  "FIELD_INVALID_VALUE",
  "FIELD_UNKNOWN",
  "FIELD_INVALID",
  "WRONG_PASSWORD",
  "FILE_TOO_LARGE",
  "URL_NOT_PUBLIC",
  "FORCE_REQUIRED",
  "NOTHING_TO_CHANGE",
  "RUN_OF_INVALID",
  "REPRODUCES_INVALID",
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

export const DETAIL_CODES = [...ISSUE_CODES, ...FIELD_CODES] as const;

export type IssueParams = Record<string, string | number>;

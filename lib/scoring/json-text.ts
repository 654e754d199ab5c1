// Untrusted bytes -> JSON with actionable errors; the depth guard runs before any parser so a "[[[[..." bomb cannot blow the stack.
import { parse as parseJsonc, printParseErrorCode, createScanner, type ParseError } from "jsonc-parser";
import type { IssueList } from "./issues";
import { MAX_JSON_DEPTH } from "./submission-schema";

export const lineColumn = (text: string, offset: number) => lineColumns(text)(offset);

/** For many offsets of one text: line starts found once, then binary search. */
function lineColumns(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/** Byte offset of the first invalid UTF-8 sequence (Unicode Table 3-7), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= bytes.length) return i;
    for (let k = 1; k <= need; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    const second = bytes[i + 1];
    if (
      (b === 0xe0 && second < 0xa0) ||
      (b === 0xed && second > 0x9f) ||
      (b === 0xf0 && second < 0x90) ||
      (b === 0xf4 && second > 0x8f)
    )
      return i;
    i += need + 1;
  }
  return -1;
}

// The engine's maximum string length; strict UTF-8 never decodes to more units than bytes.
const MAX_STRING_LENGTH = 2 ** 29 - 24;

/** Strict UTF-8, BOM stripped; null after reporting. */
export function decodeText(input: string | Uint8Array, issues: IssueList): string | null {
  let text: string;
  if (typeof input === "string") {
    text = input;
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      const at = firstInvalidUtf8(input);
      if (at < 0 && input.byteLength > MAX_STRING_LENGTH) {
        const fix =
          "A prediction file is far smaller (a full submission is about 1 MB): check that this is the right file.";
        issues.error(
          "TOO_LARGE",
          "",
          `The file (${input.byteLength} bytes) is too large to be read as one text.`,
          fix,
          { size: input.byteLength },
        );
        return null;
      }
      issues.error(
        "INVALID_UTF8",
        "",
        `The file is not valid UTF-8${at >= 0 ? ` (first bad byte at offset ${at})` : ""}.`,
        "Save the file as UTF-8 (e.g. Python: json.dump(..., ensure_ascii=False) with open(..., 'w', encoding='utf-8')).",
        at >= 0 ? { offset: at } : undefined,
      );
      return null;
    }
  }
  // TextDecoder already drops a BOM; strings may still carry one.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Offset where [ / { nesting outside strings first exceeds `limit`, or -1. */
function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string with indexOf: a backtracking regex overflows on huge strings.
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return -1;
        let backslashes = 0;
        for (let k = q - 1; text.charCodeAt(k) === 92; k--) backslashes++;
        from = q + 1;
        if (backslashes % 2 === 0) break;
      }
      i = from;
      continue;
    }
    if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) depth--;
    i++;
  }
  return -1;
}

// jsonc-parser's SyntaxKind is an ambient const enum (unusable with isolatedModules): its values.
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const EOF_TOKEN = 17;

const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;

/** On jsonc-parser's tokens, so an overflow never depends on the caller's stack. */
function scannerDepthExceeds(text: string, limit = MAX_JSON_DEPTH): number {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let kind: number = scanner.scan(); kind !== EOF_TOKEN; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) depth--;
  }
  return -1;
}

function hasComments(text: string): boolean {
  const scanner = createScanner(text, false);
  for (let kind: number = scanner.scan(); kind !== EOF_TOKEN; kind = scanner.scan()) {
    if (kind === LINE_COMMENT || kind === BLOCK_COMMENT) return true;
  }
  return false;
}

const TRUNCATION_CODES = new Set([
  "CloseBraceExpected",
  "CloseBracketExpected",
  "UnexpectedEndOfString",
  "ValueExpected",
  "PropertyNameExpected",
  "ColonExpected",
  "UnexpectedEndOfComment",
  "CommaExpected",
]);

/** Comments are tolerated with a warning; undefined after reporting errors. */
export function parseJsonText(text: string, issues: IssueList): { value: unknown } | undefined {
  if (text.trim() === "") {
    issues.error("EMPTY_FILE", "", "The file is empty.", 'Write a JSON object: {"predictions": [ ... ]}.');
    return undefined;
  }
  const deepAt = jsonDepthExceeds(text);
  if (deepAt >= 0) {
    const { line, column } = lineColumn(text, deepAt);
    issues.error(
      "TOO_DEEP",
      "",
      `JSON nesting deeper than ${MAX_JSON_DEPTH} levels at line ${line}, column ${column}.`,
      'A prediction file needs only 3 levels: {"predictions": [{...}]}. Remove the nested values.',
      { limit: MAX_JSON_DEPTH, line, column },
    );
    return undefined;
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    // the tolerant parser below handles comments and gives error positions
  }
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[" && first !== "/") {
    issues.error(
      "NOT_JSON",
      "",
      `The file is not JSON: it starts with ${JSON.stringify(text.trimStart().slice(0, 20))}.`,
      'A prediction file is JSON: {"predictions": [ ... ]}. Export it with json.dump, not YAML/CSV/text.',
      { start: JSON.stringify(text.trimStart().slice(0, 20)) },
    );
    return undefined;
  }
  const errors: ParseError[] = [];
  let value: unknown;
  const tooDeep = () =>
    issues.error(
      "TOO_DEEP",
      "",
      `JSON nesting too deep to parse (more than ${MAX_JSON_DEPTH} levels, possibly after a broken string or a comment).`,
      'A prediction file needs only 3 levels: {"predictions": [{...}]}. Check quotes and comments, and remove nested values.',
      { limit: MAX_JSON_DEPTH },
    );
  if (scannerDepthExceeds(text) >= 0) {
    tooDeep();
    return undefined;
  }
  try {
    value = parseJsonc(text, errors, { disallowComments: false, allowTrailingComma: false, allowEmptyContent: false });
  } catch (e) {
    // jsonc-parser recurses per level: the backstop to the token count above.
    if (!(e instanceof RangeError)) throw e;
    tooDeep();
    return undefined;
  }
  const end = text.trimEnd().length;
  const truncated = errors.some((e) => e.offset >= end && TRUNCATION_CODES.has(printParseErrorCode(e.error)));
  const reported = new Set<number>();
  const lineColumnOf = lineColumns(text);
  for (const err of errors) {
    const name = printParseErrorCode(err.error);
    // One report per position; a truncated file's end symptoms are reported once below.
    if (reported.has(err.offset) || (truncated && (err.offset >= end || name === "UnexpectedEndOfString"))) continue;
    reported.add(err.offset);
    const { line, column } = lineColumnOf(err.offset);
    issues.error("INVALID_JSON", "", `Not valid JSON at line ${line}, column ${column}: ${name}.`, hintFor(name), {
      line,
      column,
      error: name,
    });
  }
  if (truncated) {
    const { line, column } = lineColumn(text, end);
    issues.error(
      "TRUNCATED_JSON",
      "",
      `The JSON ends unexpectedly at line ${line}, column ${column}: the file looks truncated.`,
      "Re-export the file completely; check the upload or copy did not cut it off.",
      { line, column },
    );
  }
  if (errors.length > 0) return undefined;
  if (hasComments(text)) {
    issues.warning(
      "JSON_COMMENTS",
      "",
      "The file contains // or /* */ comments; they were ignored (strict JSON has no comments).",
      "Remove the comments (the official template has them) to make the file strict JSON.",
    );
  }
  return { value };
}

function hintFor(name: string): string {
  if (name === "PropertyNameExpected" || name === "ValueExpected")
    return "Check for a trailing comma before } or ], or a missing value.";
  if (name === "CommaExpected") return "Add the missing comma between two items or fields.";
  if (name === "InvalidSymbol") return "Strings need double quotes; check for single quotes, NaN, or stray characters.";
  if (name === "InvalidCharacter") return "Escape control characters inside strings (\\n, \\t, \\u0000).";
  return "Fix the JSON syntax at the reported position (a JSON linter shows the exact spot).";
}

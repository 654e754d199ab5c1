// The common prediction file read in one pass: strict JSON that is exactly {"predictions": [...]}
// of objects holding only the five fields as plain strings, each item clean (as cleanItem decides).
// Such a file needs no depth guard (its nesting is fixed), no JSON tree and no copy of its answers:
// values are slices of the text. Anything else (comments, other fields or values, an unusual item,
// even a trailing comma) returns null and takes the full path, which reports every problem.
// One flat loop over locals: most files are read once per process, by code not yet optimised, where
// every call and property access counts (a version with a reader object cost twice as much).
import type { PredictionItem } from "./types";
import { cleanValues } from "./validate-item";

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
/** Control characters other than \t \n \r: never allowed in JSON text, in strings or out. */
const STRAY_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;
/** JSON whitespace is these four characters only. */
const HEAD = /^[ \t\n\r]*\{[ \t\n\r]*"predictions"[ \t\n\r]*:[ \t\n\r]*\[/;
const TAIL = /[ \t\n\r]*\}[ \t\n\r]*$/y;

// A field's bit in `seen`, and what follows its opening quote in the file: its name and the closing quote.
const TEXT = 1;
const IMAGE = 2;
const ANSWER = 4;
const REFERENCE = 8;
const CATEGORY = 16;
const REQUIRED = TEXT | ANSWER | REFERENCE | CATEGORY;

/**
 * Node's views of a file's bytes (Buffer): strict UTF-8 or not, one character per byte, and the
 * text of a range of valid UTF-8 (as it is: a leading U+FEFF is kept, unlike TextDecoder's).
 */
export type ByteViews = { isUtf8(bytes: Uint8Array): boolean; latin1(bytes: Uint8Array): string; utf8(bytes: Uint8Array, start: number, end: number): string };

/**
 * readCleanFile of a UTF-8 file without its UTF-16 text: JSON's syntax is ASCII, so it reads the
 * bytes as Latin-1 (half the memory of UTF-16 text with any character past U+00FF) and decodes only
 * the strings that hold other bytes. Null for invalid UTF-8 too (the full path reports it).
 */
export function readCleanBytes(bytes: Uint8Array, views: ByteViews, maxAnswerChars: number): PredictionItem[] | null {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes; // a BOM, as decoding drops it
  // Most other files show it in their first bytes (a comment, another root, a nesting bomb): no view of the rest.
  if (!HEAD.test(views.latin1(body.subarray(0, 1024))) || !views.isUtf8(bytes)) return null;
  let latin1: string;
  try {
    latin1 = views.latin1(body);
  } catch {
    return null; // longer than a string can be
  }
  return readCleanFile(latin1, maxAnswerChars, { bytes: body, utf8: views.utf8 });
}

/**
 * The clean items of `text`, as validateItem would return them, or null: then the full path decides.
 * With `source`, text is its bytes' Latin-1 view and a string with any byte past 0x7f is decoded from them.
 */
export function readCleanFile(text: string, maxAnswerChars: number, source?: { bytes: Uint8Array; utf8: ByteViews["utf8"] }): PredictionItem[] | null {
  const head = HEAD.exec(text);
  if (head === null || STRAY_CONTROL.test(text)) return null;
  // Where the next backslash, line feed, carriage return, tab and (with bytes) non-ASCII byte are,
  // from the last string read on (text.length if none): each searched for once, forward.
  let backslash = -1;
  let newline = -1;
  let cr = -1;
  let tab = -1;
  let high = source === undefined ? text.length : -1;
  const items: PredictionItem[] = [];
  let lastCategory = "";
  let at = head[0].length - 1; // at the [, then at each comma between items
  for (;;) {
    at = skipSpace(text, at + 1);
    if (text.charCodeAt(at) !== 123) return null;
    let seen = 0;
    let question = "";
    let image = "";
    let answer = "";
    let reference = "";
    let category = "";
    for (;;) {
      // A key: one of the five fields, told apart by one letter (the first, or the tenth of question_...) and checked whole.
      at = skipSpace(text, at + 1);
      if (text.charCodeAt(at) !== QUOTE) return null;
      const c = text.charCodeAt(at + 1);
      const field = c === 113 ? (text.charCodeAt(at + 10) === 116 ? TEXT : IMAGE) : c === 115 ? ANSWER : c === 111 ? REFERENCE : c === 99 ? CATEGORY : 0;
      const key = field === TEXT ? 'question_text"' : field === IMAGE ? 'question_image"' : field === ANSWER ? 'system_answer"' : field === REFERENCE ? 'original_answer"' : 'category"';
      if (field === 0 || (seen & field) !== 0 || !text.startsWith(key, at + 1)) return null;
      seen |= field;
      at = skipSpace(text, at + 1 + key.length);
      if (text.charCodeAt(at) !== COLON) return null;
      // Its value: a string.
      const open = skipSpace(text, at + 1);
      if (text.charCodeAt(open) !== QUOTE) return null;
      let close = text.indexOf('"', open + 1);
      if (close < 0) return null;
      let value: string;
      if (backslash < open) backslash = indexOrEnd(text, "\\", open);
      if (backslash < close) {
        // Escapes: the string ends at the first quote after an even run of backslashes; JSON.parse
        // decodes it (and rejects what strict JSON rejects). A null character is for the full path.
        while (oddBackslashesBefore(text, close)) if ((close = text.indexOf('"', close + 1)) < 0) return null;
        if (high < open) high = nextHigh(text, open);
        try {
          value = JSON.parse(high < close ? source!.utf8(source!.bytes, open, close + 1) : text.slice(open, close + 1)) as string;
        } catch {
          return null;
        }
        if (value.includes("\u0000")) return null;
      } else if ((high < open ? (high = nextHigh(text, open)) : high) < close) {
        value = source!.utf8(source!.bytes, open + 1, close);
      } else if (field === CATEGORY && close - open - 1 === lastCategory.length && text.startsWith(lastCategory, open + 1)) {
        value = lastCategory; // files repeat a few categories: one string each, hashed once for every lookup
      } else {
        value = text.slice(open + 1, close);
      }
      // Raw line breaks and tabs are whitespace between tokens but not allowed inside a string.
      if (newline < open) newline = indexOrEnd(text, "\n", open);
      if (cr < open) cr = indexOrEnd(text, "\r", open);
      if (tab < open) tab = indexOrEnd(text, "\t", open);
      if (newline < close || cr < close || tab < close) return null;
      if (field === TEXT) question = value;
      else if (field === IMAGE) image = value;
      else if (field === ANSWER) answer = value;
      else if (field === REFERENCE) reference = value;
      else category = value;
      at = skipSpace(text, close + 1);
      if (text.charCodeAt(at) === COMMA) continue;
      if (text.charCodeAt(at) !== CLOSE_BRACE) return null;
      break;
    }
    if ((seen & REQUIRED) !== REQUIRED || !cleanValues(answer, category, maxAnswerChars)) return null;
    items.push({ question_text: question, question_image: image, system_answer: answer, original_answer: reference, category });
    lastCategory = category;
    at = skipSpace(text, at + 1);
    if (text.charCodeAt(at) === COMMA) continue;
    if (text.charCodeAt(at) !== CLOSE_BRACKET) return null;
    TAIL.lastIndex = at + 1;
    return TAIL.test(text) ? items : null;
  }
}

function skipSpace(text: string, at: number): number {
  for (let c = text.charCodeAt(at); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++at));
  return at;
}

const HIGH = /[^\x00-\x7f]/g;

/** Where the next non-ASCII character is, from `from` on (text.length if none). */
function nextHigh(text: string, from: number): number {
  HIGH.lastIndex = from;
  return HIGH.test(text) ? HIGH.lastIndex - 1 : text.length;
}

function indexOrEnd(text: string, what: string, from: number): number {
  const at = text.indexOf(what, from);
  return at < 0 ? text.length : at;
}

function oddBackslashesBefore(text: string, at: number): boolean {
  let k = at - 1;
  while (text.charCodeAt(k) === BACKSLASH) k--;
  return (at - 1 - k) % 2 === 1;
}

// The common prediction file read in one pass: strict JSON that is exactly {"predictions": [...]}
// of objects holding only the five fields as plain strings, each item clean (as cleanItem decides).
// Such a file needs no depth guard (its nesting is fixed), no JSON tree and no copy of its answers:
// values are slices of the text. Anything else (comments, other fields or values, an unusual item,
// even a trailing comma) returns null and takes the full path, which reports every problem.
import type { PredictionItem } from "./types";
import { normalizeCategory } from "./categories";
import { PREDICTION_FIELDS } from "./submission-schema";

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
/** Control characters other than \t \n \r: never allowed in JSON text, in strings or out. */
const STRAY_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;

/** The fields by number (bit 1 << number in `seen`), as they follow their opening quote: name and closing quote. */
const QUOTED = PREDICTION_FIELDS.map((f) => `${f}"`);
const [TEXT, IMAGE, ANSWER, REFERENCE, CATEGORY] = [0, 1, 2, 3, 4];
const REQUIRED = (1 << TEXT) | (1 << ANSWER) | (1 << REFERENCE) | (1 << CATEGORY);

/** The clean items of `text`, as validateItem would return them, or null: then the full path decides. */
export function readCleanFile(text: string, maxAnswerChars: number): PredictionItem[] | null {
  if (STRAY_CONTROL.test(text)) return null;
  const r = new Reader(text);
  if (!r.expect(OPEN_BRACE) || !r.key('"predictions"') || !r.expect(COLON) || !r.expect(OPEN_BRACKET)) return null;
  const items: PredictionItem[] = [];
  do {
    const item = r.item(maxAnswerChars);
    if (item === null) return null;
    items.push(item);
  } while (r.expect(COMMA));
  return r.expect(CLOSE_BRACKET) && r.expect(CLOSE_BRACE) && r.atEnd() ? items : null;
}

class Reader {
  private at = 0;
  /** Where the next backslash, line feed, carriage return and tab are, from the last string read on (text.length if none): each text searched once, forward. */
  private backslash = -1;
  private newline = -1;
  private cr = -1;
  private tab = -1;

  constructor(private readonly text: string) {}

  /** After whitespace, `code`: consumed (true) or not. */
  expect(code: number): boolean {
    this.skipSpace();
    if (this.text.charCodeAt(this.at) !== code) return false;
    this.at++;
    return true;
  }

  /** After whitespace, exactly `quoted` (a key with its quotes): consumed (true) or not. */
  key(quoted: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(quoted, this.at)) return false;
    this.at += quoted.length;
    return true;
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.at === this.text.length;
  }

  /** One object of the five string fields, clean (see cleanItem), in the fields' order; or null. */
  item(maxAnswerChars: number): PredictionItem | null {
    if (!this.expect(OPEN_BRACE)) return null;
    let seen = 0;
    let text = "";
    let image = "";
    let answer = "";
    let reference = "";
    let category = "";
    do {
      const field = this.field();
      if (field < 0 || (seen & (1 << field)) !== 0 || !this.expect(COLON)) return null;
      seen |= 1 << field;
      const value = this.string();
      if (value === null) return null;
      if (field === TEXT) text = value;
      else if (field === IMAGE) image = value;
      else if (field === ANSWER) answer = value;
      else if (field === REFERENCE) reference = value;
      else category = value;
    } while (this.expect(COMMA));
    if (!this.expect(CLOSE_BRACE) || (seen & REQUIRED) !== REQUIRED) return null;
    // UTF-16 units bound code points from above: within the limit in units means within it.
    if (answer.length > maxAnswerChars || normalizeCategory(category) === null) return null;
    return { question_text: text, question_image: image, system_answer: answer, original_answer: reference, category };
  }

  /** After whitespace, a known field's key: its number in PREDICTION_FIELDS, or -1. */
  private field(): number {
    this.skipSpace();
    const { text, at } = this;
    if (text.charCodeAt(at) !== QUOTE) return -1;
    // Told apart by one letter (the first, or the tenth of question_...), then checked whole.
    const c = text.charCodeAt(at + 1);
    const field = c === 113 ? (text.charCodeAt(at + 10) === 116 ? TEXT : IMAGE) : c === 115 ? ANSWER : c === 111 ? REFERENCE : c === 99 ? CATEGORY : -1;
    if (field < 0 || !text.startsWith(QUOTED[field], at + 1)) return -1;
    this.at = at + 1 + QUOTED[field].length;
    return field;
  }

  /** After whitespace, a JSON string: its value, or null (not a string, or not one JSON.parse would read). */
  private string(): string | null {
    this.skipSpace();
    const { text } = this;
    const open = this.at;
    if (text.charCodeAt(open) !== QUOTE) return null;
    let close = text.indexOf('"', open + 1);
    if (close < 0) return null;
    let value: string;
    if (this.backslash < open) this.backslash = indexOrEnd(text, "\\", open);
    if (this.backslash < close) {
      // Escapes: the string ends at the first quote after an even run of backslashes; JSON.parse
      // decodes it (and rejects what strict JSON rejects). A null character is for the full path.
      while (oddBackslashesBefore(text, close)) if ((close = text.indexOf('"', close + 1)) < 0) return null;
      try {
        value = JSON.parse(text.slice(open, close + 1)) as string;
      } catch {
        return null;
      }
      if (value.includes("\u0000")) return null;
    } else {
      value = text.slice(open + 1, close);
    }
    // Raw line breaks and tabs are whitespace between tokens but not allowed inside a string.
    if (this.newline < open) this.newline = indexOrEnd(text, "\n", open);
    if (this.cr < open) this.cr = indexOrEnd(text, "\r", open);
    if (this.tab < open) this.tab = indexOrEnd(text, "\t", open);
    if (this.newline < close || this.cr < close || this.tab < close) return null;
    this.at = close + 1;
    return value;
  }

  private skipSpace(): void {
    const { text } = this;
    let at = this.at;
    const end = text.length;
    while (at < end) {
      const c = text.charCodeAt(at);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      at++;
    }
    this.at = at;
  }
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

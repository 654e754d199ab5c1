// Streaming walk of a prediction file's layout, {"predictions": [item, ...], ...}, fed decoded text
// chunk by chunk. Only the structure is scanned here; each root key, root value and array item is
// cut out as its own small text and parsed by JSON.parse, so values are exactly JSON.parse's. The
// scanner accepts a strict subset of what the whole-file parser accepts (JSON plus // and /* */
// comments) and throws NotStreamable on anything else, so the caller can fall back to the
// whole-file parser for the exact report (line/column, codes, fixes).
import { DepthGuard, scanStringBody } from "./json-scan";
import { MAX_JSON_DEPTH } from "./submission-schema";

/** The streaming reader cannot vouch for this input: use the whole-file parser instead. */
export class NotStreamable extends Error {}

export type LayoutSink = {
  /** Every root key in file order, duplicates included. */
  key(name: string): void;
  /** A "predictions" value that is an array starts (each occurrence: the last one wins). */
  arrayStart(): void;
  /** One element of that array. */
  item(value: unknown): void;
  /** Any other root value, including a "predictions" that is not an array. */
  value(key: string, value: unknown): void;
};

// Where the scanner is between values.
const BEFORE_ROOT = 0, KEY_OR_END = 1, KEY = 2, COLON = 3, VALUE = 4, ROOT_NEXT = 5, ITEM_OR_END = 6, ITEM = 7, ITEM_NEXT = 8, AFTER_ROOT = 9;
// What a cut-out unit is, and how far into it the scan is.
const UNIT_KEY = 0, UNIT_VALUE = 1, UNIT_ITEM = 2;
const IN_VALUE = 0, IN_STRING = 1, IN_SCALAR = 2;
const NO_COMMENT = 0, LINE_COMMENT = 1, BLOCK_COMMENT = 2;

const isScalarChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 43 || c === 46;
const fail = (why: string): never => {
  throw new NotStreamable(why);
};

export class PredictionLayoutScanner {
  /** A // or /* comment was seen outside strings (the whole-file parser warns JSON_COMMENTS). */
  commented = false;
  private buf = "";
  private pos = 0;
  private state = BEFORE_ROOT;
  private started = false;
  private currentKey = "";
  private readonly guard = new DepthGuard();
  private comment = NO_COMMENT;
  // The unit being cut out: buf[unitStart, ...) plus `parts` already moved out of buf.
  private unit = -1;
  private unitStart = 0;
  private parts: string[] = [];
  private partsLength = 0;
  private mode = IN_VALUE;
  private depth = 0;
  private run = 0;
  /** Comment spans inside the unit, as [start, end) pairs in unit coordinates. */
  private spans: number[] = [];
  private commentStart = 0;

  constructor(private readonly sink: LayoutSink) {}

  push(chunk: string): void {
    let text = chunk;
    // decodeText strips one U+FEFF after TextDecoder dropped the byte-order mark.
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.guard.feed(text);
    if (this.guard.exceededAt >= 0) fail("nesting deeper than the guard allows");
    if (this.unit >= 0 && this.pos > this.unitStart) {
      this.parts.push(this.buf.slice(this.unitStart, this.pos));
      this.partsLength += this.pos - this.unitStart;
    }
    this.buf = this.buf.slice(this.pos) + text;
    this.pos = 0;
    this.unitStart = 0;
    this.scan();
  }

  end(): void {
    if (this.unit >= 0 || this.comment === BLOCK_COMMENT || this.state !== AFTER_ROOT || this.pos < this.buf.length) fail("incomplete");
  }

  private scan(): void {
    const s = this.buf;
    let i = this.pos;
    while (i < s.length) {
      if (this.comment !== NO_COMMENT) {
        i = this.skipComment(s, i);
        if (this.comment !== NO_COMMENT) break;
      } else if (this.unit >= 0) {
        i = this.scanUnit(s, i);
        if (this.unit >= 0 && this.comment === NO_COMMENT) break; // needs more text
      } else {
        const c = s.charCodeAt(i);
        if (c === 32 || c === 9 || c === 10 || c === 13) i++;
        else if (c === 47) {
          if (i + 1 >= s.length) break;
          i = this.openComment(s, i);
        } else i = this.structural(c, i);
      }
    }
    this.pos = i;
  }

  private structural(c: number, i: number): number {
    switch (this.state) {
      case BEFORE_ROOT:
        if (c !== 123) fail("root is not an object");
        this.state = KEY_OR_END;
        return i + 1;
      case KEY_OR_END:
      case KEY:
        if (c === 125 && this.state === KEY_OR_END) {
          this.state = AFTER_ROOT;
          return i + 1;
        }
        if (c !== 34) fail("expected a key");
        return this.startUnit(UNIT_KEY, i);
      case COLON:
        if (c !== 58) fail("expected a colon");
        this.state = VALUE;
        return i + 1;
      case VALUE:
        if (c === 91 && this.currentKey === "predictions") {
          this.sink.arrayStart();
          this.state = ITEM_OR_END;
          return i + 1;
        }
        return this.startUnit(UNIT_VALUE, i);
      case ITEM_OR_END:
        if (c === 93) {
          this.state = ROOT_NEXT;
          return i + 1;
        }
        return this.startUnit(UNIT_ITEM, i);
      case ITEM:
        return this.startUnit(UNIT_ITEM, i);
      case ROOT_NEXT:
      case ITEM_NEXT: {
        const inArray = this.state === ITEM_NEXT;
        if (c === 44) this.state = inArray ? ITEM : KEY;
        else if (c === (inArray ? 93 : 125)) this.state = inArray ? ROOT_NEXT : AFTER_ROOT;
        else fail("expected a comma or a closing bracket");
        return i + 1;
      }
      default:
        return fail("text after the root object");
    }
  }

  private startUnit(kind: number, i: number): number {
    const c = this.buf.charCodeAt(i);
    if (c !== 34 && c !== 123 && c !== 91 && !isScalarChar(c)) fail("expected a value");
    this.unit = kind;
    this.unitStart = i;
    this.mode = IN_VALUE;
    this.depth = 0;
    return i;
  }

  /** Advances through the unit; finishes it when complete. Returns where it stopped. */
  private scanUnit(s: string, from: number): number {
    let i = from;
    while (i < s.length) {
      if (this.mode === IN_STRING) {
        const end = scanStringBody(s, i, this.run);
        if (end < 0) {
          this.run = -1 - end;
          return s.length;
        }
        this.mode = IN_VALUE;
        if (this.depth === 0) return this.finishUnit(s, end);
        i = end;
        continue;
      }
      const c = s.charCodeAt(i);
      if (this.mode === IN_SCALAR) {
        if (!isScalarChar(c)) return this.finishUnit(s, i);
        i++;
      } else if (c === 34) {
        this.mode = IN_STRING;
        this.run = 0;
        i++;
      } else if (c === 123 || c === 91) {
        // Root object + array (or root object) + this unit: the parser-independent real depth.
        if (++this.depth + (this.unit === UNIT_ITEM ? 2 : 1) > MAX_JSON_DEPTH) fail("too deep");
        i++;
      } else if (c === 125 || c === 93) {
        if (--this.depth <= 0) return this.depth === 0 ? this.finishUnit(s, i + 1) : fail("unbalanced");
        i++;
      } else if (c === 47 && this.depth > 0) {
        if (i + 1 >= s.length) return i;
        return this.openComment(s, i);
      } else if (this.depth === 0) {
        this.mode = IN_SCALAR;
        i++;
      } else i++;
    }
    return i;
  }

  private openComment(s: string, i: number): number {
    const next = s.charCodeAt(i + 1);
    if (next !== 47 && next !== 42) fail("a slash outside a comment");
    this.comment = next === 47 ? LINE_COMMENT : BLOCK_COMMENT;
    this.commented = true;
    this.commentStart = this.unitOffset(i);
    return i + 2;
  }

  /** jsonc-parser's rules: // ends before \r or \n (or at the end), /* at the first * /. */
  private skipComment(s: string, i: number): number {
    let end: number;
    if (this.comment === LINE_COMMENT) {
      end = i;
      while (end < s.length && s.charCodeAt(end) !== 10 && s.charCodeAt(end) !== 13) end++;
      if (end === s.length) return end;
    } else {
      const close = s.indexOf("*/", i);
      if (close < 0) return Math.max(i, s.length - 1); // the last "*" may pair with the next chunk's "/"
      end = close + 2;
    }
    this.comment = NO_COMMENT;
    if (this.unit >= 0) this.spans.push(this.commentStart, this.unitOffset(end));
    return end;
  }

  private unitOffset(i: number): number {
    return this.partsLength + i - this.unitStart;
  }

  private finishUnit(s: string, end: number): number {
    let text = s.slice(this.unitStart, end);
    if (this.parts.length > 0) text = this.parts.join("") + text;
    const kind = this.unit;
    this.unit = -1;
    this.parts = [];
    this.partsLength = 0;
    const value = this.parse(text);
    this.spans = [];
    if (kind === UNIT_KEY) {
      if (value === "__proto__") fail("__proto__ key"); // JSON.parse and jsonc-parser disagree on it
      this.currentKey = value as string;
      this.sink.key(this.currentKey);
      this.state = COLON;
    } else if (kind === UNIT_VALUE) {
      this.sink.value(this.currentKey, value);
      this.state = ROOT_NEXT;
    } else {
      if (value !== null && typeof value === "object" && Object.hasOwn(value, "__proto__")) fail("__proto__ key");
      this.sink.item(value);
      this.state = ITEM_NEXT;
    }
    return end;
  }

  /** JSON.parse of the unit with its comments blanked (comments sit where whitespace may). */
  private parse(text: string): unknown {
    let source = text;
    if (this.spans.length > 0) {
      const pieces: string[] = [];
      let at = 0;
      for (let k = 0; k < this.spans.length; k += 2) {
        pieces.push(text.slice(at, this.spans[k]), " ");
        at = this.spans[k + 1];
      }
      pieces.push(text.slice(at));
      source = pieces.join("");
    }
    try {
      return JSON.parse(source);
    } catch {
      return fail("not valid JSON");
    }
  }
}

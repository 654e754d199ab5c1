// Cutting JSON text, fed in chunks, into small units (a key, a value, an array element) that are
// each parsed on their own by JSON.parse: the text buffer, the scan through a unit (strings,
// nesting, comments) that resumes where the previous chunk ended, and the comment rules of
// jsonc-parser (what the whole-file parser accepts). The layout around the units is the
// subclass's (json-stream.ts). Anything unexpected throws NotStreamable.
import { DepthGuard, scanStringBody } from "./json-scan";
import { MAX_JSON_DEPTH } from "./submission-schema";

/** The streaming reader cannot vouch for this input: use the whole-file parser instead. */
export class NotStreamable extends Error {}

export const fail = (why: string): never => {
  throw new NotStreamable(why);
};

export const isScalarChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 43 || c === 46;
const IN_VALUE = 0, IN_STRING = 1, IN_SCALAR = 2;
const NO_COMMENT = 0, LINE_COMMENT = 1, BLOCK_COMMENT = 2;

export abstract class UnitCutter {
  /** A // or /* comment was seen outside strings (the whole-file parser warns JSON_COMMENTS). */
  commented = false;
  protected buf = "";
  private pos = 0;
  private started = false;
  private readonly guard = new DepthGuard();
  private comment = NO_COMMENT;
  // The unit being cut out (its kind, or -1): buf[unitStart, ...) plus `parts` already moved out of buf.
  private unit = -1;
  private unitStart = 0;
  private parts: string[] = [];
  private partsLength = 0;
  /** Brackets around the unit (the real depth check; the guard's count can differ in comments). */
  private unitBase = 0;
  private mode = IN_VALUE;
  private depth = 0;
  private run = 0;
  /** Comment spans inside the unit, as [start, end) pairs in unit coordinates. */
  private spans: number[] = [];
  private commentStart = 0;

  /** Handles a character outside units, comments and whitespace; returns where to go on. */
  protected abstract structural(c: number, i: number): number;
  /** A unit of `kind` was cut out and parsed. */
  protected abstract unitDone(kind: number, value: unknown): void;

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

  /** After the last chunk: throws unless everything fed was complete. */
  protected endOfText(): void {
    if (this.unit >= 0 || this.comment === BLOCK_COMMENT || this.pos < this.buf.length) fail("incomplete");
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

  protected startUnit(kind: number, i: number, base: number): number {
    const c = this.buf.charCodeAt(i);
    if (c !== 34 && c !== 123 && c !== 91 && !isScalarChar(c)) fail("expected a value");
    this.unit = kind;
    this.unitStart = i;
    this.unitBase = base;
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
        if (++this.depth + this.unitBase > MAX_JSON_DEPTH) fail("too deep");
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
    this.unitDone(kind, value);
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

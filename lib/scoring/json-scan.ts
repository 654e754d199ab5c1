// Low-level pieces shared by the whole-file JSON checks (json-text.ts) and the streaming reader
// (json-stream.ts): the end of a JSON string and the nesting-depth guard, both resumable across
// text chunks so that a file never has to be one string.
import { MAX_JSON_DEPTH } from "./submission-schema";

/**
 * Scans a JSON string body from `from` (just after the opening quote, or the start of the next
 * chunk). Returns the index after the closing quote, or, when `s` ends first, -1 - r where r is
 * the number of trailing backslashes to carry into the next chunk (`run` is the carried count).
 * A quote closes the string when preceded by an even number of backslashes. indexOf, not a
 * regex or a per-character loop: strings are most of a prediction file.
 */
export function scanStringBody(s: string, from: number, run: number): number {
  let i = from;
  for (;;) {
    const q = s.indexOf('"', i);
    const stop = q < 0 ? s.length : q;
    let k = stop - 1;
    while (k >= i && s.charCodeAt(k) === 92) k--;
    const backslashes = stop - 1 - k + (k < i ? run : 0);
    if (q < 0) return -1 - backslashes;
    if (backslashes % 2 === 0) return q + 1;
    run = 0;
    i = q + 1;
  }
}

/**
 * Where [ / { nesting outside strings first exceeds the limit, fed chunk by chunk. Deliberately
 * naive about comments (brackets and quotes in comments count): it runs before any parser, on
 * text that may not be JSON at all, and its verdict must not depend on how the text is chunked.
 */
export class DepthGuard {
  /** Offset (in all text fed so far) of the first bracket beyond the limit, or -1. */
  exceededAt = -1;
  private depth = 0;
  private inString = false;
  private run = 0;
  private fed = 0;

  constructor(private readonly limit = MAX_JSON_DEPTH) {}

  feed(s: string): void {
    let i = 0;
    while (i < s.length && this.exceededAt < 0) {
      if (this.inString) {
        const end = scanStringBody(s, i, this.run);
        if (end < 0) {
          this.run = -1 - end;
          break;
        }
        this.inString = false;
        i = end;
        continue;
      }
      const c = s.charCodeAt(i);
      if (c === 34) {
        this.inString = true;
        this.run = 0;
      } else if (c === 91 || c === 123) {
        if (++this.depth > this.limit) this.exceededAt = this.fed + i;
      } else if (c === 93 || c === 125) this.depth--;
      i++;
    }
    this.fed += s.length;
  }
}

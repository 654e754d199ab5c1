// The word-tokenizer rules that fire on almost every sentence, each exactly one regex substitution by hand.
import { D } from "./py-text";

const CLOSERS_WIDE = new Set([" ", "]", ")", "}", ">", '"', "'", "\u00bb", "\u201d", "\u2019"]);
const CLOSERS = new Set(["]", ")", "}", ">", '"', "'"]);
const NON_ASCII_DIGIT = new RegExp(`^[${D}]$`, "u");

/** `([^.])(\.)([\])}>"'»”’ ]*)\s*$` -> `\1 \2 \3 `. */
export function finalPeriodWide(text: string): string {
  let i = text.length - 1;
  while (i >= 0 && CLOSERS_WIDE.has(text[i])) i--;
  if (i < 1 || text[i] !== "." || text[i - 1] === ".") return text;
  return text.slice(0, i) + " . " + text.slice(i + 1) + " ";
}

/** `([^.])(\.)([\])}>"']*)\s*$` -> `\1 \2\3 `: the suffix must be closers, then spaces. */
export function finalPeriodNarrow(text: string): string {
  let k = text.length;
  while (k > 0 && text.charCodeAt(k - 1) === 32) k--;
  let i = k - 1;
  while (i >= 0 && CLOSERS.has(text[i])) i--;
  if (i < 1 || text[i] !== "." || text[i - 1] === ".") return text;
  return text.slice(0, i) + " ." + text.slice(i + 1, k) + " ";
}

function isDigit(cp: number): boolean {
  if (cp < 128) return cp >= 48 && cp <= 57;
  return NON_ASCII_DIGIT.test(String.fromCodePoint(cp));
}

/** `([:,])([^\d])` -> ` \1 \2`, left to right without overlap. */
export function padColonComma(text: string): string {
  let out = "";
  let last = 0;
  let comma = text.indexOf(",");
  let colon = text.indexOf(":");
  const n = text.length - 1;
  for (let i = 0; i < n; i++) {
    if (comma >= 0 && comma < i) comma = text.indexOf(",", i);
    if (colon >= 0 && colon < i) colon = text.indexOf(":", i);
    i = comma < 0 ? colon : colon < 0 ? comma : Math.min(comma, colon);
    if (i < 0 || i >= n) break;
    const cp = text.codePointAt(i + 1)!;
    if (isDigit(cp)) continue;
    const end = i + 1 + (cp > 0xffff ? 2 : 1);
    out += text.slice(last, i) + " " + text[i] + " " + text.slice(i + 1, end);
    last = end;
    i = end - 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** `([:,])$` -> ` \1 `. */
export function padFinalColonComma(text: string): string {
  const c = text.charCodeAt(text.length - 1);
  return c === 44 || c === 58 ? text.slice(0, -1) + " " + text[text.length - 1] + " " : text;
}

const NON_SPACE_RUN = /[^ ]+/g;

/** `str.split()` of text whose only whitespace is ASCII spaces. */
export function splitOnSpaces(text: string): string[] {
  return text.match(NON_SPACE_RUN) ?? [];
}

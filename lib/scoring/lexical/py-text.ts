// Python 3 string semantics the official script relies on; JS differs on non-ASCII input, so the
// classes come from tables generated with Python (data/unicode-tables.ts).
import {
  PY_DIGIT,
  PY_LOWER,
  PY_LOWER_RUNS,
  PY_LOWER_SPECIAL,
  PY_SIGMA_CASED,
  PY_SIGMA_SKIP,
  PY_SPACE,
  PY_UPPER,
  PY_WORD,
} from "./data/unicode-tables";

/** Character-class bodies for `u`-flag regexes with Python meaning. */
export const W = PY_WORD;
export const D = PY_DIGIT;

// Built on first use: plain ASCII text never needs the Unicode tables.
let built: ReturnType<typeof buildTables> | undefined;
const tables = () => (built ??= buildTables());

function buildTables() {
  const lowerMap = buildLowerMap();
  // Non-ASCII characters that str.lower() changes (capital sigma included).
  const lowerable = classOf([...lowerMap.keys(), 0x3a3].filter((c) => c >= 0x80));
  return {
    lowerMap,
    lowerable: new RegExp(`[${lowerable}]`, "gu"),
    // Without these (changed by Python's OR JS's lowercasing), String#toLowerCase equals Python's.
    nonAsciiCased: new RegExp(`(?![\\0-\\x7f])[\\p{Changes_When_Lowercased}${lowerable}]`, "u"),
    sigmaSkip: new RegExp(`[${PY_SIGMA_SKIP}]`, "u"),
    sigmaCased: new RegExp(`[${PY_SIGMA_CASED}]`, "u"),
    upperChar: new RegExp(`^[${PY_UPPER}]`, "u"),
    lowerChar: new RegExp(`^[${PY_LOWER}]`, "u"),
    spaceRun: new RegExp(`[${PY_SPACE}]+`, "gu"),
    spaceEdges: new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu"),
    // Whitespace that collapsing would change: anything but a single space between non-spaces.
    needsCollapse: new RegExp(`(?! )[${PY_SPACE}]| {2}|^ | $`, "u"),
  };
}

// Anything outside printable ASCII (plus tab..CR) needs the slow, table-driven paths.
const NON_ASCII_OR_CTRL = /[^\t-\r\x20-\x7e]/;
const ASCII_SPACE_RUN = /[\t-\r ]+/g;
const ASCII_UPPER = /[A-Z]+/g;

function buildLowerMap(): Map<number, string> {
  const map = new Map<number, string>();
  for (const [start, count, step, delta] of PY_LOWER_RUNS) {
    for (let i = 0; i < count; i++) {
      const cp = start + i * step;
      map.set(cp, String.fromCodePoint(cp + delta));
    }
  }
  for (const [cp, s] of Object.entries(PY_LOWER_SPECIAL)) map.set(Number(cp), s);
  return map;
}

function classOf(codePoints: number[]): string {
  const cps = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (c: number) => `\\u{${c.toString(16)}}`;
  let out = "";
  for (let i = 0; i < cps.length;) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j] + 1) j++;
    out += i === j ? hex(cps[i]) : `${hex(cps[i])}-${hex(cps[j])}`;
    i = j + 1;
  }
  return out;
}

function isPlainAscii(text: string): boolean {
  return !NON_ASCII_OR_CTRL.test(text);
}

/** Python `str.lower()`, including its final-sigma rule. */
function pyLower(text: string): string {
  if (isPlainAscii(text)) return text.toLowerCase();
  const t = tables();
  if (!t.nonAsciiCased.test(text)) return text.toLowerCase();
  const asciiLowered = text.replace(ASCII_UPPER, (m) => m.toLowerCase());
  return asciiLowered.replace(t.lowerable, (ch: string, offset: number) =>
    ch === "\u03a3" ? (finalSigma(text, offset) ? "\u03c2" : "\u03c3") : t.lowerMap.get(ch.codePointAt(0)!)!,
  );
}

// CPython: cased, case-ignorable*, SIGMA, not followed by (case-ignorable*, cased).
function finalSigma(text: string, at: number): boolean {
  const { sigmaSkip: SIGMA_SKIP, sigmaCased: SIGMA_CASED } = tables();
  let j = at;
  let before = "";
  while (j > 0) {
    const lowSurrogate = j >= 2 && /[\udc00-\udfff]/.test(text[j - 1]) && /[\ud800-\udbff]/.test(text[j - 2]);
    const ch = lowSurrogate ? text.slice(j - 2, j) : text[j - 1];
    j -= ch.length;
    if (!SIGMA_SKIP.test(ch)) {
      before = ch;
      break;
    }
  }
  if (before === "" || !SIGMA_CASED.test(before)) return false;
  let k = at + 1;
  while (k < text.length) {
    const ch = String.fromCodePoint(text.codePointAt(k)!);
    k += ch.length;
    if (!SIGMA_SKIP.test(ch)) return !SIGMA_CASED.test(ch);
  }
  return true;
}

/** `re.sub(r"\s+", " ", text).strip()` with Python's Unicode whitespace. */
function collapseWhitespace(text: string): string {
  const state = scanAscii(text);
  if (state === ASCII_CLEAN) return text;
  if (state === ASCII_NEEDS_COLLAPSE) return text.replace(ASCII_SPACE_RUN, " ").trim();
  const t = tables();
  if (!t.needsCollapse.test(text)) return text;
  return text.replace(t.spaceRun, " ").replace(t.spaceEdges, "");
}

const ASCII_NON_ASCII = 0;
const ASCII_CLEAN = 1;
const ASCII_NEEDS_COLLAPSE = 2;
const NOT_PRINTABLE_ASCII = /[^ -~]/;

/** One pass: is the text plain ASCII, and if so, does its whitespace need collapsing? */
function scanAscii(text: string): number {
  // Common case first, natively: printable ASCII with single inner spaces only.
  const last = text.length - 1;
  if (
    !NOT_PRINTABLE_ASCII.test(text) &&
    !text.includes("  ") &&
    text.charCodeAt(0) !== 32 &&
    text.charCodeAt(last) !== 32
  ) {
    return ASCII_CLEAN;
  }
  let state = ASCII_CLEAN;
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i);
    if (c >= 32 && c <= 126) {
      if (c === 32 && (i === 0 || i === last || text.charCodeAt(i + 1) === 32)) state = ASCII_NEEDS_COLLAPSE;
    } else if (c >= 9 && c <= 13) state = ASCII_NEEDS_COLLAPSE;
    else return ASCII_NON_ASCII;
  }
  return state;
}

/** The script's normalization: `re.sub(r"\s+", " ", text.lower()).strip()`. */
export function normalizeText(text: string): string {
  const state = scanAscii(text);
  if (state === ASCII_CLEAN) return text.toLowerCase();
  if (state === ASCII_NEEDS_COLLAPSE) return text.toLowerCase().replace(ASCII_SPACE_RUN, " ").trim();
  return collapseWhitespace(pyLower(text));
}

/** Python `s[0].isupper()`. */
export function firstIsUpper(tok: string): boolean {
  const c = tok.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  return tables().upperChar.test(tok);
}

/** Python `s[0].islower()`. */
export function firstIsLower(tok: string): boolean {
  const c = tok.charCodeAt(0);
  if (c < 128) return c >= 97 && c <= 122;
  return tables().lowerChar.test(tok);
}

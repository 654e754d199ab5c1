// Single-pass scanner for the common case of the NLTK word tokenizer (../word-tokenizer.ts is the
// reference). On typical sentences the rule pipeline only pads punctuation with spaces, so the
// tokens can be cut directly, without one string rebuild per rule and a final split. Anything
// whose rules interact (quotes, "--", comma/colon runs, unusual apostrophes, contractions) makes
// the scanner give up, and the caller runs the full pipeline. Equality with the pipeline is
// checked by property tests (tests/unit/scoring/lexical/fast/word-fast.test.ts) and on all parity vectors.
//
// Input contract as for wordTokenize: normalized text (lowercased, single ASCII spaces). Tokens
// are emitted as ranges of that text (token-ranges.ts), so no string is made per token.
import { pushRange, pushString, type TokenRanges, truncateRanges } from "./token-ranges";
import { flush, hasAnchorAt, isDigit } from "./word-fast-apostrophes";

const K_WORD = 0; // stays inside its token: letters, digits, / _ = + ~ ^ | \ and other characters
const K_SPACE = 1;
const K_PAD = 2; // ; @ # $ % & ? ! * and brackets: always a token of their own
const K_COMMA = 3; // , :  padded unless a digit follows
const K_PERIOD = 4;
const K_DASH = 5;
const K_APOS = 6;
const K_DQUOTE = 7; // " becomes `` (opening) or '' (closing), a token of its own
const K_BAIL = 8; // `: quote rules rewrite it

const KIND = new Uint8Array(128);
for (const ch of ";@#$%&?!*[](){}<>") KIND[ch.charCodeAt(0)] = K_PAD;
KIND[32] = K_SPACE;
KIND[44] = K_COMMA;
KIND[58] = K_COMMA;
KIND[46] = K_PERIOD;
KIND[45] = K_DASH;
KIND[39] = K_APOS;
KIND[34] = K_DQUOTE;
KIND[96] = K_BAIL;

// Trailing characters the sentence-final period rule looks through (its ASCII closer set); by
// then an opening " has already become ``, which is not a closer.
function isFinalCloser(s: string, from: number, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 34) return !isOpeningQuote(s, from, i);
  return c === 32 || c === 93 || c === 41 || c === 125 || c === 62 || c === 39 || c === 0xbb || c === 0x201d || c === 0x2019;
}

/**
 * A " at the start, or after a space or ( [ { <, is an opening quote (``). The quote rule that
 * turns a leading " into `` also pads it, so a second " right after it is opening too.
 */
function isOpeningQuote(s: string, from: number, i: number): boolean {
  if (i === from) return true;
  const p = s.charCodeAt(i - 1);
  if (p >= 128) return isOpeningCurly(p);
  return p === 32 || p === 40 || p === 91 || p === 123 || p === 60 || (i === from + 1 && p === 34);
}
const isOpeningCurly = (c: number) => c === 0xab || c === 0x201c || c === 0x2018 || c === 0x201e;

/** Position of the period that the sentence-final period rule splits off, or -1. */
function finalPeriodAt(s: string, from: number, to: number): number {
  let i = to - 1;
  while (i >= from && isFinalCloser(s, from, i)) i--;
  return i >= from + 1 && s.charCodeAt(i) === 46 && s.charCodeAt(i - 1) !== 46 ? i : -1;
}

/**
 * Tokenize the sentence text[from, to) of `out` (its normalized text) into `out`, or return false
 * (with `out` as it was) when the sentence needs the full rule pipeline. `contraction` is the
 * pipeline's contraction pre-test.
 */
export function fastWordTokenize(out: TokenRanges, contraction: RegExp, from = 0, to = out.text.length): boolean {
  const s = out.text;
  const codes = out.codes; // the characters of s: read from here in the loop (see token-ranges.ts)
  const n = to;
  const mark = out.n;
  const extras = out.extra.length;
  const fp = finalPeriodAt(s, from, to);
  let start = -1; // start of the current word token
  let apos = -1; // first apostrophe in the current word token
  let apos2 = -1; // second one
  let sawApos = false;
  let upper = false;
  let doubled = false; // nn, mm or tt: necessary for a contraction without apostrophe
  let anchor = false; // a contraction anchor occurs (see hasAnchorAt)
  let prev = 0;
  for (let i = from; i < n; i++) {
    let c = codes[i];
    if (c >= 97 && c <= 122) {
      // Most characters are runs of a-z, which only extend the word: a tight loop that keeps just
      // the doubled-letter check of the general path below (~9% of a cold pair).
      if (start < 0) start = i;
      for (;;) {
        if (c === prev && (c === 110 || c === 109 || c === 116)) {
          doubled = true;
          if (!anchor) anchor = hasAnchorAt(s, i, to);
        }
        prev = c;
        if (i + 1 >= n) break;
        const d = codes[i + 1];
        if (d < 97 || d > 122) break;
        i++;
        c = d;
      }
      continue;
    }
    let kind = K_WORD;
    if (c < 128) {
      kind = KIND[c];
      if (c >= 65 && c <= 90) upper = true;
      const lower = c | 0x20;
      if (lower === prev && (lower === 110 || lower === 109 || lower === 116)) {
        doubled = true;
        if (!anchor) anchor = hasAnchorAt(s, i, to);
      }
      prev = lower;
    } else {
      // The seven curly and angle quotes are padded into tokens of their own (the opening ones
      // before the straight-quote rules run, so a " right after one is opening); U+201A/B stay
      // with the pipeline. Other characters stay in words.
      if (c >= 0x2018 && c <= 0x201e) {
        if (c === 0x201a || c === 0x201b) return reset(out, mark, extras);
        kind = K_PAD;
      } else if (c === 0xab || c === 0xbb) kind = K_PAD;
      prev = 0;
    }
    if (kind === K_WORD) {
      if (start < 0) start = i;
      continue;
    }
    if (kind === K_BAIL) return reset(out, mark, extras);
    if (kind === K_APOS) {
      if (apos2 >= 0) return reset(out, mark, extras);
      if (start < 0) start = i;
      if (apos >= 0) apos2 = i;
      else apos = i;
      sawApos = true;
      if (!anchor) anchor = hasAnchorAt(s, i, to);
      continue;
    }
    if (kind === K_DASH) {
      if (i + 1 < n && codes[i + 1] === 45) return reset(out, mark, extras);
      if (start < 0) start = i;
      continue;
    }
    if (kind === K_COMMA && i + 1 < n) {
      const next = codes[i + 1];
      if (isDigit(next)) {
        if (start < 0) start = i;
        continue;
      }
      // A padded , or : consumes the next character, so a second one would not be padded.
      if (next === 44 || next === 58 || next >= 128) return reset(out, mark, extras);
    }
    if (kind === K_PERIOD && i !== fp) {
      let j = i + 1;
      while (j < n && codes[j] === 46) j++;
      if (j - i === 1 && (i === from || codes[i - 1] !== 46)) {
        // A lone period inside the sentence stays in its word.
        if (start < 0) start = i;
        continue;
      }
      if (!flush(s, start, i, apos, apos2, out)) return reset(out, mark, extras);
      start = -1;
      apos = -1;
      apos2 = -1;
      pushRange(out, i, j); // a run of periods is one token
      i = j - 1;
      prev = 46;
      continue;
    }
    // A separator: space, or punctuation that becomes a token of its own.
    if (!flush(s, start, i, apos, apos2, out)) return reset(out, mark, extras);
    start = -1;
    apos = -1;
    apos2 = -1;
    if (kind === K_DQUOTE) pushString(out, isOpeningQuote(s, from, i) ? "``" : "''");
    else if (kind !== K_SPACE) pushRange(out, i, i + 1);
  }
  if (!flush(s, start, n, apos, apos2, out)) return reset(out, mark, extras);
  // Text with ASCII capitals (not normalized) goes to the regex whenever it might contract.
  if (anchor || (upper && (sawApos || doubled))) {
    if (contraction.test(s.slice(from, to))) return reset(out, mark, extras);
  }
  return true;
}

function reset(out: TokenRanges, mark: number, extras: number): false {
  truncateRanges(out, mark, extras);
  return false;
}

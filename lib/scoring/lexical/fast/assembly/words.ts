// NLTK's word tokenizer for one sentence of normalized UTF-8 text in a single pass. On typical
// sentences the rule pipeline (../../word-tokenizer.ts) only pads punctuation with spaces, so the
// tokens can be cut directly: letters, digits, spaces, . , : ; ? ! ( ) [ ] { } < > * @ # $ % & -,
// straight double quotes (`` or ''), the curly and angle quotes, clitics ('s 'm 'd 'll 're 've n't)
// and word-internal apostrophes. Wherever rules interact (backticks, U+201A/B, "--", comma/colon
// runs, a comma or colon before non-ASCII, unusual apostrophes, possible contractions) it declines
// (false), and rules.ts runs the pipeline on the sentence. Tokens are pushed to `out` as absolute
// [start, end) byte pointers. Equal to the pipeline: tests/unit/scoring/lexical/fast/scanner.test.ts.
import { Ints } from "./buffers";
import { decodeAt, prevStart, seqLen } from "./text";
import { byteAt, flush, hasAnchorAt, isAz, isDigit, push, splitContractions } from "./apostrophes";

const K_WORD: u8 = 0;
const K_SPACE: u8 = 1;
const K_PAD: u8 = 2;
const K_COMMA: u8 = 3;
const K_PERIOD: u8 = 4;
const K_DASH: u8 = 5;
const K_APOS: u8 = 6;
const K_DQUOTE: u8 = 7;
const K_BAIL: u8 = 8;

const KIND = new StaticArray<u8>(128);
const PADDED = ";@#$%&?!*[](){}<>";
for (let k = 0; k < PADDED.length; k++) unchecked((KIND[PADDED.charCodeAt(k)] = K_PAD));
unchecked((KIND[32] = K_SPACE));
unchecked((KIND[44] = K_COMMA));
unchecked((KIND[58] = K_COMMA));
unchecked((KIND[46] = K_PERIOD));
unchecked((KIND[45] = K_DASH));
unchecked((KIND[39] = K_APOS));
unchecked((KIND[34] = K_DQUOTE));
unchecked((KIND[96] = K_BAIL));

/** The tokens `` and '' that the quote rules make from a straight double quote. */
export const OPEN_QUOTE = memory.data<u8>([96, 96]);
export const CLOSE_QUOTE = memory.data<u8>([39, 39]);

function isOpeningCurly(cp: i32): bool {
  return cp == 0xab || cp == 0x201c || cp == 0x2018 || cp == 0x201e;
}

/** A " at the sentence start or after a space or ( [ { < (or right after an opening ") opens (``). */
function isOpeningQuote(t: usize, from: i32, i: i32): bool {
  if (i == from) return true;
  const p = byteAt(t, i - 1);
  if (p >= 0x80) return isOpeningCurly(decodeAt(prevStart(t + i)));
  return p == 32 || p == 40 || p == 91 || p == 123 || p == 60 || (i == from + 1 && p == 34);
}

/** Closers the sentence-final period rule looks through (the character starting at i). */
function isFinalCloser(t: usize, from: i32, i: i32): bool {
  const c = byteAt(t, i);
  if (c == 34) return !isOpeningQuote(t, from, i);
  if (c < 0x80) return c == 32 || c == 93 || c == 41 || c == 125 || c == 62 || c == 39;
  const cp = decodeAt(t + i);
  return cp == 0xbb || cp == 0x201d || cp == 0x2019;
}

/** Offset of the period the sentence-final period rule splits off, or -1. */
function finalPeriodAt(t: usize, from: i32, to: i32): i32 {
  let i = to;
  while (i > from) {
    const p = <i32>(prevStart(t + i) - t);
    if (!isFinalCloser(t, from, p)) break;
    i = p;
  }
  if (i <= from) return -1;
  const p = <i32>(prevStart(t + i) - t);
  return p >= from + 1 && byteAt(t, p) == 46 && byteAt(t, p - 1) != 46 ? p : -1;
}

/**
 * Tokens of the sentence t[from, to) pushed to out, or false (out as it was) when the sentence
 * needs the rule pipeline.
 */
export function scanWords(t: usize, from: i32, to: i32, out: Ints): bool {
  const mark = out.n;
  const fp = finalPeriodAt(t, from, to);
  let start = -1;
  let apos = -1;
  let apos2 = -1;
  let anchor = false;
  let prev = 0;
  let i = from;
  while (i < to) {
    let c = byteAt(t, i);
    if (isAz(c)) {
      // Runs of a-z only extend the word.
      if (start < 0) start = i;
      for (;;) {
        if (c == prev && (c == 110 || c == 109 || c == 116) && !anchor) anchor = hasAnchorAt(t, i, to);
        prev = c;
        if (i + 1 >= to || !isAz(byteAt(t, i + 1))) break;
        i++;
        c = byteAt(t, i);
      }
      i++;
      continue;
    }
    let kind: u8 = K_WORD;
    let w = 1;
    if (c < 0x80) {
      kind = unchecked(KIND[c]);
      const lower = c | 0x20;
      if (lower == prev && (lower == 110 || lower == 109 || lower == 116) && !anchor) anchor = hasAnchorAt(t, i, to);
      prev = lower;
    } else {
      w = seqLen(c);
      const cp = decodeAt(t + i);
      if (cp >= 0x2018 && cp <= 0x201e) {
        if (cp == 0x201a || cp == 0x201b) return reset(out, mark);
        kind = K_PAD;
      } else if (cp == 0xab || cp == 0xbb) kind = K_PAD;
      prev = 0;
    }
    if (kind == K_WORD) {
      if (start < 0) start = i;
      i += w;
      continue;
    }
    if (kind == K_BAIL) return reset(out, mark);
    if (kind == K_APOS) {
      if (apos2 >= 0) return reset(out, mark);
      if (start < 0) start = i;
      if (apos >= 0) apos2 = i;
      else apos = i;
      if (!anchor) anchor = hasAnchorAt(t, i, to);
      i++;
      continue;
    }
    if (kind == K_DASH) {
      let j = i + 1;
      while (j < to && byteAt(t, j) == 45) j++;
      if (j - i == 1) {
        // A lone dash stays in its word.
        if (start < 0) start = i;
        i++;
        continue;
      }
      // The "--" rule pads each pair of a run (left to right); an odd last dash begins the next word.
      if (!flush(t, start, i, apos, apos2, out)) return reset(out, mark);
      start = apos = apos2 = -1;
      let k = i;
      for (; k + 2 <= j; k += 2) push(out, t, k, k + 2);
      if (k < j) start = k;
      i = j;
      prev = 45;
      continue;
    }
    if (kind == K_COMMA && i + 1 < to) {
      const next = byteAt(t, i + 1);
      if (isDigit(next)) {
        if (start < 0) start = i;
        i++;
        continue;
      }
      if (next == 44 || next == 58 || next >= 0x80) return reset(out, mark);
    }
    if (kind == K_PERIOD && i != fp) {
      let j = i + 1;
      while (j < to && byteAt(t, j) == 46) j++;
      if (j - i == 1 && (i == from || byteAt(t, i - 1) != 46)) {
        if (start < 0) start = i;
        i++;
        continue;
      }
      if (!flush(t, start, i, apos, apos2, out)) return reset(out, mark);
      start = apos = apos2 = -1;
      push(out, t, i, j);
      i = j;
      prev = 46;
      continue;
    }
    if (!flush(t, start, i, apos, apos2, out)) return reset(out, mark);
    start = apos = apos2 = -1;
    if (kind == K_DQUOTE) {
      const q = isOpeningQuote(t, from, i) ? OPEN_QUOTE : CLOSE_QUOTE;
      out.push2(<i32>q, <i32>(q + 2));
    } else if (kind != K_SPACE) push(out, t, i, i + w);
    i += w;
  }
  if (!flush(t, start, to, apos, apos2, out)) return reset(out, mark);
  if (anchor && !splitContractions(t, from, to, out, mark)) return reset(out, mark);
  return true;
}

function reset(out: Ints, mark: i32): bool {
  out.n = mark;
  return false;
}

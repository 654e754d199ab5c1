// NLTK's word tokenizer for one sentence of normalized UTF-8 text, in the single pass of
// ../../fast/word-fast.ts (with word-fast-apostrophes.ts): the same cases handled, the same cases
// declined (false: rules.ts then asks the host to run the rule pipeline on the sentence). Tokens
// are pushed to `out` as absolute [start, end) byte pointers.
import { Ints } from "./buffers";
import { decodeAt, prevStart, seqLen } from "./text";

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

function byteAt(t: usize, i: i32): i32 {
  return <i32>load<u8>(t + i);
}
function isAz(c: i32): bool {
  return c >= 97 && c <= 122;
}
function isDigit(c: i32): bool {
  return c >= 48 && c <= 57;
}
function isAlnum(c: i32): bool {
  return isAz(c) || isDigit(c);
}
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

/** Where a contraction rule could start (see hasAnchorAt in word-fast-apostrophes.ts). */
function hasAnchorAt(t: usize, i: i32, to: i32): bool {
  const c = byteAt(t, i);
  const d = i + 1 < to ? byteAt(t, i + 1) : 0;
  if (c == 39) return d == 110 || d == 116 || (d == 121 && i + 2 < to && byteAt(t, i + 2) == 101);
  if (c == 110) return d == 97 || (d == 111 && i + 2 < to && byteAt(t, i + 2) == 116);
  return c == 109 ? d == 101 : c == 116 && d == 97;
}

// The contraction rules' letters (HAS_CONTRACTION in word-tokenizer.ts) in lowercase text, where
// their case-insensitive variants cannot occur (normalize() declines dotless i and long s).
const CONTRACTIONS = ["cannot", "d'ye", "gimme", "gonna", "gotta", "lemme", "more'n", "wanna", "'tis", "'twas"];

function hasContraction(t: usize, from: i32, to: i32): bool {
  for (let k = 0; k < CONTRACTIONS.length; k++) {
    const word = unchecked(CONTRACTIONS[k]);
    const len = word.length;
    const first = word.charCodeAt(0);
    for (let i = from; i + len <= to; i++) {
      if (byteAt(t, i) != first) continue;
      let j = 1;
      while (j < len && byteAt(t, i + j) == word.charCodeAt(j)) j++;
      if (j == len) return true;
    }
  }
  return false;
}

function push(out: Ints, t: usize, a: i32, b: i32): void {
  out.push2(<i32>(t + a), <i32>(t + b));
}

function tailIs(t: usize, apos: i32, b: i32, c1: i32, c2: i32): bool {
  return b - apos == (c2 < 0 ? 2 : 3) && byteAt(t, apos + 1) == c1 && (c2 < 0 || byteAt(t, apos + 2) == c2);
}

/** A word token [a, b) with one apostrophe at apos: clitics ('s 'm 'd 'll 're 've n't) and apostrophes before two letters/digits. */
function pushApostrophe(t: usize, a: i32, b: i32, apos: i32, clitics: bool, out: Ints): bool {
  const clitic = tailIs(t, apos, b, 115, -1) || tailIs(t, apos, b, 109, -1) || tailIs(t, apos, b, 100, -1) || tailIs(t, apos, b, 108, 108) || tailIs(t, apos, b, 114, 101) || tailIs(t, apos, b, 118, 101);
  const nt = tailIs(t, apos, b, 116, -1);
  if ((clitic || nt) && (!clitics || apos == a || !isAlnum(byteAt(t, apos - 1)))) return false;
  if (clitic) {
    push(out, t, a, apos);
    push(out, t, apos, b);
    return true;
  }
  if (nt && apos - 1 > a && byteAt(t, apos - 1) == 110) {
    push(out, t, a, apos - 1);
    push(out, t, apos - 1, b);
    return true;
  }
  if (b - apos >= 3 && isAlnum(byteAt(t, apos + 1)) && isAlnum(byteAt(t, apos + 2))) {
    push(out, t, a, b);
    return true;
  }
  return false;
}

/** Push the word token [start, end) with its apostrophes (at most two, -1 = none). */
function flush(t: usize, start: i32, end: i32, apos: i32, apos2: i32, out: Ints): bool {
  if (start < 0) return true;
  if (apos < 0 || end - start == 1) {
    push(out, t, start, end);
    return true;
  }
  if (byteAt(t, end - 1) == 39 && byteAt(t, end - 2) != 39) {
    if (apos2 < 0) push(out, t, start, end - 1);
    else if (!pushApostrophe(t, start, end - 1, apos, false, out)) return false;
    push(out, t, end - 1, end);
    return true;
  }
  if (apos2 < 0) return pushApostrophe(t, start, end, apos, true, out);
  if (apos2 < apos + 3 || !isAlnum(byteAt(t, apos + 1)) || !isAlnum(byteAt(t, apos + 2))) return false;
  if (apos2 == apos + 3) {
    const x = byteAt(t, apos + 1) | 0x20;
    const y = byteAt(t, apos + 2) | 0x20;
    if ((x == 108 && y == 108) || (x == 114 && y == 101) || (x == 118 && y == 101)) return false;
  }
  return pushApostrophe(t, start, end, apos2, true, out);
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
      if (i + 1 < to && byteAt(t, i + 1) == 45) return reset(out, mark);
      if (start < 0) start = i;
      i++;
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
  if (anchor && hasContraction(t, from, to)) return reset(out, mark);
  return true;
}

function reset(out: Ints, mark: i32): bool {
  out.n = mark;
  return false;
}

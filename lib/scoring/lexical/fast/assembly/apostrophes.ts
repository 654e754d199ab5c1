// Word tokens with apostrophes for the single-pass scanner (words.ts): the clitics and quote
// apostrophes it splits itself, and the contraction anchors and letters it watches for. Anything
// else makes these return false, and the scanner declines the sentence.
import { Ints } from "./buffers";

export function byteAt(t: usize, i: i32): i32 {
  return <i32>load<u8>(t + i);
}
export function isAz(c: i32): bool {
  return c >= 97 && c <= 122;
}
export function isDigit(c: i32): bool {
  return c >= 48 && c <= 57;
}
function isAlnum(c: i32): bool {
  return isAz(c) || isDigit(c);
}

/** Where a contraction rule could start (see hasAnchorAt in word-fast-apostrophes.ts). */
export function hasAnchorAt(t: usize, i: i32, to: i32): bool {
  const c = byteAt(t, i);
  const d = i + 1 < to ? byteAt(t, i + 1) : 0;
  if (c == 39) return d == 110 || d == 116 || (d == 121 && i + 2 < to && byteAt(t, i + 2) == 101);
  if (c == 110) return d == 97 || (d == 111 && i + 2 < to && byteAt(t, i + 2) == 116);
  return c == 109 ? d == 101 : c == 116 && d == 97;
}

// The contraction rules' letters (HAS_CONTRACTION in word-tokenizer.ts) in lowercase text, and
// where each splits: "cannot" -> "can" "not" (0: never split here, the scanner declines). Their
// case-insensitive i also matches dotless i (U+0131), and s long s (U+017F): both are lowercase,
// so normalization keeps them.
const CONTRACTIONS = ["cannot", "d'ye", "gimme", "gonna", "gotta", "lemme", "more'n", "wanna", "'tis", "'twas"];
const SPLIT_AT: StaticArray<i32> = [3, 0, 3, 3, 3, 3, 0, 3, 0, 0];

/** Where `word`'s first `chars` characters end if it matches at t[i..to), else -1. */
function matchEnd(t: usize, i: i32, to: i32, word: string, chars: i32): i32 {
  let p = i;
  for (let k = 0; k < word.length; k++) {
    if (k == chars) return p;
    const w = word.charCodeAt(k);
    if (p < to && byteAt(t, p) == w) p++;
    else if (w == 105 && p + 1 < to && byteAt(t, p) == 0xc4 && byteAt(t, p + 1) == 0xb1) p += 2;
    else if (w == 115 && p + 1 < to && byteAt(t, p) == 0xc5 && byteAt(t, p + 1) == 0xbf) p += 2;
    else return -1;
  }
  return p;
}

const kept = new Ints(64);
const tail = new Ints(64);

/**
 * The contraction rules on the sentence's tokens out[mark..] (t[from, to) was scanned): they split
 * "cannot", "gimme", "gonna", "gotta", "lemme" and "wanna" where a non-word character or nothing
 * surrounds them, which holds for a whole token (tokens are space-delimited after the rules that
 * pad). Any other occurrence of a contraction's letters (inside a longer token, or d'ye, more'n,
 * 'tis, 'twas) returns false: the scanner declines the sentence.
 */
export function splitContractions(t: usize, from: i32, to: i32, out: Ints, mark: i32): bool {
  kept.n = 0;
  let k = mark;
  for (let i = from; i < to; i++) {
    // Every contraction starts with one of c d g l m w ' (a cheap test before the patterns).
    const b = byteAt(t, i);
    if (b != 99 && b != 100 && b != 103 && b != 108 && b != 109 && b != 119 && b != 39) continue;
    for (let c = 0; c < CONTRACTIONS.length; c++) {
      const word = unchecked(CONTRACTIONS[c]);
      if (word.charCodeAt(0) != b) continue;
      const end = matchEnd(t, i, to, word, word.length);
      if (end < 0) continue;
      const at = unchecked(SPLIT_AT[c]);
      while (k < out.n && out.at(k) < <i32>(t + i)) k += 2;
      if (at == 0 || k >= out.n || out.at(k) != <i32>(t + i) || out.at(k + 1) != <i32>(t + end)) return false;
      kept.push2(k, <i32>t + matchEnd(t, i, to, word, at));
    }
  }
  if (kept.n == 0) return true;
  // Rebuild the sentence's tokens with each contraction in two.
  const n = out.n;
  tail.n = 0;
  for (let j = mark; j < n; j++) tail.push(out.at(j));
  out.n = mark;
  let s = 0;
  for (let j = 0; j < tail.n; j += 2) {
    if (s < kept.n && kept.at(s) == mark + j) {
      out.push2(tail.at(j), kept.at(s + 1));
      out.push2(kept.at(s + 1), tail.at(j + 1));
      s += 2;
    } else out.push2(tail.at(j), tail.at(j + 1));
  }
  return true;
}

export function push(out: Ints, t: usize, a: i32, b: i32): void {
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
  // A letter or digit, then a character that stays in the word (xingren's-treatment): the quote rule
  // that splits "'x" needs a non-word character after x and skips the letters m t s d n, and the
  // clitic rules need a space after the clitic. So "_" after any letter or digit, or an ASCII
  // non-word character after m t s d n, leaves the apostrophe alone.
  if (b - apos >= 3 && isAlnum(byteAt(t, apos + 1))) {
    const c = byteAt(t, apos + 1);
    const x = byteAt(t, apos + 2);
    if (x == 95 || (x < 0x80 && !isAlnum(x) && (c == 109 || c == 116 || c == 115 || c == 100 || c == 110))) {
      push(out, t, a, b);
      return true;
    }
  }
  return false;
}

/** Push the word token [start, end) with its apostrophes (at most two, -1 = none). */
export function flush(t: usize, start: i32, end: i32, apos: i32, apos2: i32, out: Ints): bool {
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


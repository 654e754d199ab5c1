// Punkt's word segmentation of a candidate's context (PunktLanguageVars.word_tokenize of
// ../../punkt-token.ts: its WORD_RE, by hand): multi-character punctuation, words that end before
// a space, non-word punctuation, multi-character punctuation or a word-final comma, else single
// characters.
import { Ints } from "./buffers";
import { seqLen } from "./text";

// Punkt's non-word characters ) " ; } ] * : @ ' ( { [ ! ?
export function isNonWord(c: i32): bool {
  return c == 41 || c == 34 || c == 59 || c == 125 || c == 93 || c == 42 || c == 58 || c == 64 || c == 39 || c == 40 || c == 123 || c == 91 || c == 33 || c == 63;
}

/** MULTI = -{2,} | \.{2,} | (?:\. ){2,}\. at q (inside [.., end)): its length, or 0. */
function multiAt(t: usize, q: i32, end: i32): i32 {
  if (q + 1 >= end) return 0;
  const c = <i32>load<u8>(t + q);
  const d = <i32>load<u8>(t + q + 1);
  if ((c == 45 || c == 46) && d == c) {
    let k = q + 2;
    while (k < end && <i32>load<u8>(t + k) == c) k++;
    return k - q;
  }
  if (c != 46 || d != 32) return 0;
  let reps = 0;
  while (q + 2 * reps + 1 < end && load<u8>(t + q + 2 * reps) == 46 && load<u8>(t + q + 2 * reps + 1) == 32) reps++;
  if (reps >= 2 && q + 2 * reps < end && load<u8>(t + q + 2 * reps) == 46) return 2 * reps + 1;
  return reps >= 3 ? 2 * reps - 1 : 0;
}

/** Characters that cannot start a word token: ( " ` { [ : ; & # * @ ) } ] - , */
function noWordStart(c: i32): bool {
  return c == 40 || c == 34 || c == 96 || c == 123 || c == 91 || c == 58 || c == 59 || c == 38 || c == 35 || c == 42 || c == 64 || c == 41 || c == 125 || c == 93 || c == 45 || c == 44;
}

/** Does a word token end before q? (end, space, non-word char, MULTI, or a comma before one of these) */
function wordEndsAt(t: usize, q: i32, end: i32): bool {
  if (q == end) return true;
  const c = <i32>load<u8>(t + q);
  if (c == 32 || isNonWord(c) || multiAt(t, q, end) > 0) return true;
  if (c != 44) return false;
  if (q + 1 == end) return true;
  const d = <i32>load<u8>(t + q + 1);
  return d == 32 || isNonWord(d) || multiAt(t, q + 1, end) > 0;
}

/** Punkt's word regex over t[from, to): (start, end, 0) triples pushed to toks. */
export function cutTokens(t: usize, from: i32, to: i32, toks: Ints): void {
  toks.n = 0;
  let p = from;
  while (p < to) {
    const c = <i32>load<u8>(t + p);
    if (c == 32) {
      p++;
      continue;
    }
    let q = p + multiAt(t, p, to);
    if (q == p) {
      q = p + seqLen(c);
      if (!noWordStart(c)) while (!wordEndsAt(t, q, to)) q += seqLen(<i32>load<u8>(t + q));
    }
    toks.push(p);
    toks.push(q);
    toks.push(0);
    p = q;
  }
}


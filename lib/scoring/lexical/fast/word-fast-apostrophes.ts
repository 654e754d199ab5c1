// Word tokens with apostrophes for the fast scanner (word-fast.ts): which clitics and quote
// apostrophes it can split itself, and the contraction anchors it watches for. Anything else
// makes these return false, and the scanner declines the sentence.
import { pushRange, type TokenRanges } from "./token-ranges";

export const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => (c >= 97 && c <= 122) || isDigit(c);

/**
 * Push a word token [a, b) that contains one apostrophe at `apos`. Handled: the clitic endings
 * the ending-quote rules split ('s 'm 'd 'll 're 've n't, after a letter or digit; only if
 * `clitics`), and apostrophes followed by two letters/digits; false means: leave it to the
 * full pipeline.
 */
function pushApostrophe(s: string, a: number, b: number, apos: number, clitics: boolean, out: TokenRanges): boolean {
  const tail = s.slice(apos, b);
  const clitic = tail === "'s" || tail === "'m" || tail === "'d" || tail === "'ll" || tail === "'re" || tail === "'ve";
  if (clitic || tail === "'t") {
    if (!clitics || apos === a || !isAlnum(s.charCodeAt(apos - 1))) return false;
  }
  if (clitic) {
    pushRange(out, a, apos);
    pushRange(out, apos, b);
    return true;
  }
  // n't needs a non-apostrophe, non-space character before the n.
  if (tail === "'t" && apos - 1 > a && s.charCodeAt(apos - 1) === 110) {
    pushRange(out, a, apos - 1);
    pushRange(out, apos - 1, b); // "n't"
    return true;
  }
  // Two or more letters/digits after the apostrophe (chang'an, y'all): no quote rule applies.
  if (tail.length >= 3 && isAlnum(tail.charCodeAt(1)) && isAlnum(tail.charCodeAt(2))) {
    pushRange(out, a, b);
    return true;
  }
  return false;
}

/**
 * Cheap necessary condition for the contraction pre-test, checked where it can start: every
 * contraction pattern contains, in lowercase text, one of the anchors nnot, mme, nna, tta (found
 * at their second letter, i) or 'ye, 'n, 't (found at the apostrophe, i), within the sentence
 * (before `to`).
 */
export function hasAnchorAt(s: string, i: number, to: number): boolean {
  const c = s.charCodeAt(i);
  const d = i + 1 < to ? s.charCodeAt(i + 1) : 0;
  if (c === 39) return d === 110 || d === 116 || (d === 121 && i + 2 < to && s.charCodeAt(i + 2) === 101);
  if (c === 110) return d === 97 || (d === 111 && i + 2 < to && s.charCodeAt(i + 2) === 116);
  return c === 109 ? d === 101 : c === 116 && d === 97;
}

/** Push the word token [start, end) with its apostrophes (at most two, -1 = none). */
export function flush(s: string, start: number, end: number, apos: number, apos2: number, out: TokenRanges): boolean {
  if (start < 0) return true;
  if (apos < 0) {
    pushRange(out, start, end);
    return true;
  }
  // Tokens are space-delimited in the rewritten text, so a lone apostrophe stays one token.
  if (end - start === 1) {
    pushRange(out, start, end); // "'"
    return true;
  }
  // A final apostrophe after anything but an apostrophe is split off (by the "' " rule or the
  // ending-quote rule). The clitic rule would then depend on what follows: give up on clitics.
  if (s.charCodeAt(end - 1) === 39 && s.charCodeAt(end - 2) !== 39) {
    if (apos2 < 0) pushRange(out, start, end - 1);
    else if (!pushApostrophe(s, start, end - 1, apos, false, out)) return false;
    pushRange(out, end - 1, end); // "'"
    return true;
  }
  if (apos2 < 0) return pushApostrophe(s, start, end, apos, true, out);
  // Two apostrophes (chang'an's): if the first is followed by two letters/digits, no quote rule
  // touches it, and the second decides as a lone one would. Except 'll 're 've between them: once
  // a final 's/'m/'d is split off, the clitic rule that runs next splits those too (a'll's).
  if (apos2 < apos + 3 || !isAlnum(s.charCodeAt(apos + 1)) || !isAlnum(s.charCodeAt(apos + 2))) return false;
  if (apos2 === apos + 3 && /^(?:ll|re|ve)$/i.test(s.slice(apos + 1, apos2))) return false;
  return pushApostrophe(s, start, end, apos2, true, out);
}

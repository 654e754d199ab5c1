// All four metrics straight from a pair's raw (unfiltered) token lists, with tokens interned to
// small integers (intern.ts): the punctuation and stopword tests become flag lookups and counting
// becomes array indexing, instead of hash maps of fresh strings per pair. The same results as the
// reference metrics (../reference.ts), which the differential tests check.
import type { LexicalScores, StopwordList } from "../../types";
import { isPunctOnly, stopwordSet } from "../filter";
import { finish } from "../metrics";
import { scoreRawTokenStrings } from "../reference";
import { clearInterned, internCodes, internedChars, internedCount, internString, MAX_CHARS, MAX_IDS } from "./intern";
import { rangeChars, rangeStrings, tokenAt, type TokenRanges } from "./token-ranges";

// The table is bounded in tokens and in characters: it is emptied before a pair that could
// overflow it. Ids (and their flags) stay valid until then, across pairs.
const LIMIT = MAX_IDS;
const CHAR_LIMIT = MAX_CHARS;
const F_PUNCT = 1;
const F_STOP_NEW = 2;
const F_STOP_OLD = 4;
const flags = new Uint8Array(LIMIT);
// Ids below this have their flags set.
let flagged = 0;
const hypCount = new Int32Array(LIMIT);
const refCount = new Int32Array(LIMIT);
// A count is valid only if its stamp is the current pair's epoch, so nothing is cleared per pair.
const hypStamp = new Int32Array(LIMIT);
const refStamp = new Int32Array(LIMIT);
let epoch = 0;
let hypDistinct = new Int32Array(256);
const STOP_NEW = stopwordSet("new");
const STOP_OLD = stopwordSet("old");

/** Id of token k of a list. */
function idAt(tokens: TokenRanges, k: number): number {
  const a = tokens.r[2 * k];
  const id = a >= 0 ? internCodes(tokens.codes, a, tokens.r[2 * k + 1]) : internString(tokens.extra[-1 - a]);
  if (id >= flagged) {
    // New ids come in order, so this is the first time this token is seen.
    const t = tokenAt(tokens, k);
    flags[id] = (isPunctOnly(t) ? F_PUNCT : 0) | (STOP_NEW.has(t) ? F_STOP_NEW : 0) | (STOP_OLD.has(t) ? F_STOP_OLD : 0);
    flagged = id + 1;
  }
  return id;
}

/** Empty the token table (its ids are then void). */
export function clearTokenTable(): void {
  clearInterned();
  flagged = 0;
}

/** Start a pair that may add `needed` new tokens of `neededChars` characters to the table. */
function beginPair(needed: number, neededChars: number): void {
  if (internedCount() + needed > LIMIT || internedChars() + neededChars > CHAR_LIMIT) clearTokenTable();
  if (epoch === 0x7fffffff || internedCount() === 0) {
    hypStamp.fill(0);
    refStamp.fill(0);
    epoch = 0;
  }
  epoch++;
}

/** Precision, recall, F1 and BLEU-1 of a pair's raw token lists (the script's tokens before filtering). */
export function scoreRanges(hyp: TokenRanges, ref: TokenRanges, stopwords: StopwordList): LexicalScores {
  const chars = rangeChars(hyp) + rangeChars(ref);
  // A pair too large for the table (past half of it) is scored from strings.
  if (hyp.n + ref.n > LIMIT / 2 || chars > CHAR_LIMIT / 2) return scoreRawTokenStrings(rangeStrings(hyp), rangeStrings(ref), stopwords);
  beginPair(hyp.n + ref.n, chars);
  const stopFlag = stopwords === "old" ? F_STOP_OLD : F_STOP_NEW;
  if (hypDistinct.length < hyp.n) hypDistinct = new Int32Array(hyp.n);
  let dh = 0;
  let h = 0;
  for (let i = 0; i < hyp.n; i++) {
    const id = idAt(hyp, i);
    if (flags[id] & F_PUNCT) continue;
    h++;
    if (hypStamp[id] !== epoch) {
      hypStamp[id] = epoch;
      hypCount[id] = 1;
      hypDistinct[dh++] = id;
    } else hypCount[id]++;
  }
  let refLen = 0;
  let r = 0;
  for (let i = 0; i < ref.n; i++) {
    const id = idAt(ref, i);
    if (flags[id] & F_PUNCT) continue;
    refLen++;
    if (refStamp[id] !== epoch) {
      refStamp[id] = epoch;
      refCount[id] = 1;
      if (!(flags[id] & stopFlag)) r++;
    } else refCount[id]++;
  }
  let m = 0;
  let p = 0;
  let inter = 0;
  for (let k = 0; k < dh; k++) {
    const id = hypDistinct[k];
    const inRef = refStamp[id] === epoch;
    if (inRef) m += hypCount[id] < refCount[id] ? hypCount[id] : refCount[id];
    if (!(flags[id] & stopFlag)) {
      p++;
      if (inRef) inter++;
    }
  }
  // A buffer grown by one very long answer is given back.
  if (hypDistinct.length > 1 << 16) hypDistinct = new Int32Array(256);
  return finish(p, r, inter, m, h, refLen);
}

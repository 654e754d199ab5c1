// All four metrics straight from the raw (unfiltered) token lists, with tokens interned to small
// integers: punctuation and stopword tests become flag lookups and counting becomes array
// indexing, instead of hash maps of fresh strings per pair. Same arithmetic as scorePair on
// filterTokens output (checked by tests/unit/scoring/lexical/metrics-fast.test.ts and parity tests).
import type { LexicalScores, StopwordList } from "../types";
import { finish, scorePair } from "./metrics";
import { clearInterned, internCodes, internedChars, internedCount, internString, MAX_CHARS, MAX_IDS } from "./intern";
import { rangeChars, rangesOf, tokenAt, type TokenRanges } from "./token-ranges";
import { filterTokens, isPunctOnly, stopwordSet } from "./tokenize";

// The table (intern.ts) is bounded, in tokens and in characters: when it would overflow it is
// emptied between pairs (ids live for one pair, or for one generation in ref-cache.ts).
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
let contentBuf = new Int32Array(256);
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

let generation = 0;

/** Ids of the current table; they stay valid until the table is emptied (generation changes). */
export function tableGeneration(): number {
  return generation;
}

/**
 * Start a pair that may add `needed` new tokens to the table. Returns false if the table had to
 * be emptied for that, which voids every id handed out before.
 */
export function beginPair(needed: number, neededChars: number): boolean {
  let kept = true;
  if (internedCount() + needed > LIMIT || internedChars() + neededChars > CHAR_LIMIT) {
    clearInterned();
    flagged = 0;
    generation++;
    kept = false;
  }
  if (epoch === 0x7fffffff || internedCount() === 0) {
    hypStamp.fill(0);
    refStamp.fill(0);
    epoch = 0;
  }
  epoch++;
  return kept;
}

/** Interned ids of raw tokens with the punctuation-only ones dropped (what BLEU and P/R count). */
export function contentIds(tokens: TokenRanges): Int32Array {
  // Collected in a reused buffer, so the result is the only allocation.
  if (contentBuf.length < tokens.n) contentBuf = new Int32Array(tokens.n);
  let n = 0;
  for (let i = 0; i < tokens.n; i++) {
    const id = idAt(tokens, i);
    if (!(flags[id] & F_PUNCT)) contentBuf[n++] = id;
  }
  const out = contentBuf.slice(0, n);
  if (contentBuf.length > 1 << 16) contentBuf = new Int32Array(256);
  return out;
}

/** Too large for the id table: such pairs are scored from strings. */
export function tooLargeForIds(tokens: number, tokenChars: number): boolean {
  return tokens > LIMIT / 2 || tokenChars > CHAR_LIMIT / 2;
}

/** Precision, recall, F1 and BLEU-1 of raw token lists (the script's tokenize before filtering). */
export function scoreRawTokens(hyp: readonly string[], ref: readonly string[], stopwords: StopwordList): LexicalScores {
  // A pair too large for the table takes the string-keyed path.
  const [h, r] = [rangesOf(hyp), rangesOf(ref)];
  const tokenChars = rangeChars(h) + rangeChars(r);
  if (tooLargeForIds(h.n + r.n, tokenChars)) return scoreStrings(hyp, ref, stopwords);
  beginPair(h.n + r.n, tokenChars);
  return scoreWithRefIds(h, contentIds(r), stopwords);
}

/** The string-keyed path (pairs too large for the id table). */
export function scoreStrings(hyp: readonly string[], ref: readonly string[], stopwords: StopwordList): LexicalScores {
  return scorePair(filterTokens(hyp, false), filterTokens(ref, false), stopwordSet(stopwords));
}

/**
 * The same with the reference given as content ids of the current generation. Call only right
 * after beginPair(), with ids made since then or kept by it (or from scoreRawTokens).
 */
export function scoreWithRefIds(hyp: TokenRanges, refIds: Int32Array, stopwords: StopwordList): LexicalScores {
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
  const refLen = refIds.length;
  let r = 0;
  for (let i = 0; i < refLen; i++) {
    const id = refIds[i];
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
  return finish(p, r, inter, m, h, refLen);
}

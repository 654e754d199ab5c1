// EnglishTextProcessor.tokenize of the official H2HMem script: lowercase, collapse
// whitespace, word-tokenize (NLTK or plain split), drop stopwords and ASCII-punctuation tokens.
import type { StopwordList, TokenizerMode } from "../types";
import { STOPWORDS_NEW, STOPWORDS_OLD } from "./data/stopwords";
import { sentenceRanges } from "./punkt";
import { normalizeText } from "./py-text";
import { newRanges, pushRange, pushString, rangeStrings, resetRanges, type TokenRanges } from "./token-ranges";
import { fastWordTokenize } from "./word-fast";
import { HAS_CONTRACTION, wordTokenize } from "./word-tokenizer";

/** Punctuation strings the official script adds to NLTK's stopword list. */
export const EXTRA_STOPWORDS: readonly string[] = [
  ".", ",", "!", "?", ";", ":", '"', "'", "(", ")", "[", "]", "{", "}", "-", "\u2013", "\u2014", "...", "..",
];

const STOPSETS: Record<StopwordList, ReadonlySet<string>> = {
  new: new Set([...STOPWORDS_NEW, ...EXTRA_STOPWORDS]),
  old: new Set([...STOPWORDS_OLD, ...EXTRA_STOPWORDS]),
};

/** Python's string.punctuation (32 ASCII characters) as a lookup table. */
const PUNCT = new Uint8Array(128);
for (const ch of "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") PUNCT[ch.charCodeAt(0)] = 1;

/** True if every character of a non-empty token is in string.punctuation. */
export function isPunctOnly(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 128 || PUNCT[c] === 0) return false;
  }
  return true;
}

export function stopwordSet(list: StopwordList): ReadonlySet<string> {
  return STOPSETS[list];
}

export type TokenizeOptions = { mode: TokenizerMode; removeStopwords: boolean; stopwords?: StopwordList };

/**
 * Raw word tokens of a text before filtering (lowercased, normalized, split), as ranges of the
 * normalized text written into `out` (which is emptied first).
 */
export function tokenRanges(text: string, mode: TokenizerMode, out: TokenRanges): TokenRanges {
  if (!text) {
    resetRanges(out, "");
    return out;
  }
  const normalized = normalizeText(text);
  resetRanges(out, normalized);
  if (mode === "whitespace") {
    // Normalized text has single spaces only and no space at either end.
    let start = 0;
    for (let j = normalized.indexOf(" "); j >= 0; j = normalized.indexOf(" ", start)) {
      if (j > start) pushRange(out, start, j);
      start = j + 1;
    }
    if (start < normalized.length) pushRange(out, start, normalized.length);
    return out;
  }
  const ranges = sentenceRanges(normalized);
  for (let i = 0; i < ranges.length; i += 2) {
    const from = ranges[i];
    const to = Math.max(from, ranges[i + 1]);
    // The scanner handles the common case and declines (adding nothing) otherwise.
    if (fastWordTokenize(out, HAS_CONTRACTION, from, to)) continue;
    for (const t of wordTokenize(normalized.slice(from, to))) pushString(out, t);
  }
  return out;
}

const scratch = newRanges();

/** Raw word tokens of a text before filtering, as strings. */
export function rawTokens(text: string, mode: TokenizerMode): string[] {
  return rangeStrings(tokenRanges(text, mode, scratch));
}

/**
 * Filter raw tokens: drop stopwords (optionally) and tokens made only of ASCII punctuation.
 * Tokens never contain whitespace here, so the script's per-token strip() is a no-op.
 */
export function filterTokens(tokens: readonly string[], removeStopwords: boolean, stopwords: StopwordList = "new"): string[] {
  const stop = STOPSETS[stopwords];
  const out: string[] = [];
  for (const t of tokens) {
    if (removeStopwords && stop.has(t)) continue;
    if (isPunctOnly(t)) continue;
    out.push(t);
  }
  return out;
}

/** The official tokenizer: `tokenize(text, remove_stopwords)`. */
export function tokenize(text: string, opts: TokenizeOptions): string[] {
  return filterTokens(rawTokens(text, opts.mode), opts.removeStopwords, opts.stopwords ?? "new");
}

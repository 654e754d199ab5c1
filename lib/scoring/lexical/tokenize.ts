// EnglishTextProcessor.tokenize of the official H2HMem script: lowercase, collapse
// whitespace, word-tokenize (NLTK or plain split), drop stopwords and ASCII-punctuation tokens.
import type { StopwordList, TokenizerMode } from "../types";
import { STOPWORDS_NEW, STOPWORDS_OLD } from "./data/stopwords";
import { sentences } from "./punkt";
import { collapseWhitespace, pyLower, splitSpaces } from "./py-text";
import { wordTokenize } from "./word-tokenizer";

/** Punctuation strings the official script adds to NLTK's stopword list. */
export const EXTRA_STOPWORDS: readonly string[] = [
  ".", ",", "!", "?", ";", ":", '"', "'", "(", ")", "[", "]", "{", "}", "-", "\u2013", "\u2014", "...", "..",
];

const STOPSETS: Record<StopwordList, ReadonlySet<string>> = {
  new: new Set([...STOPWORDS_NEW, ...EXTRA_STOPWORDS]),
  old: new Set([...STOPWORDS_OLD, ...EXTRA_STOPWORDS]),
};

/** Python's string.punctuation (32 ASCII characters). */
const PUNCT_ONLY = /^[!-/:-@[-`{-~]+$/;

export type TokenizeOptions = { mode: TokenizerMode; removeStopwords: boolean; stopwords?: StopwordList };

/** Raw word tokens of a text before filtering (lowercased, normalized, split). */
export function rawTokens(text: string, mode: TokenizerMode): string[] {
  if (!text) return [];
  const normalized = collapseWhitespace(pyLower(text));
  if (mode === "whitespace") return splitSpaces(normalized);
  const out: string[] = [];
  for (const s of sentences(normalized)) {
    for (const t of wordTokenize(s)) out.push(t);
  }
  return out;
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
    if (PUNCT_ONLY.test(t)) continue;
    out.push(t);
  }
  return out;
}

/** The official tokenizer: `tokenize(text, remove_stopwords)`. */
export function tokenize(text: string, opts: TokenizeOptions): string[] {
  return filterTokens(rawTokens(text, opts.mode), opts.removeStopwords, opts.stopwords ?? "new");
}

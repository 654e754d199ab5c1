// Lexical metrics of the H2HMem benchmark (precision, recall, F1, BLEU-1), bit-exact with the
// official Python script run with real NLTK. See README.md in this folder.
import type { LexicalOptions, LexicalScores } from "../types";
import { clearSentbreakMemo } from "./punkt";
import { cachedRefIds, cacheRefIds, clearRefIdCache } from "./ref-cache";
import { beginPair, contentIds, scoreStrings, scoreWithRefIds, tableGeneration, tooLargeForIds } from "./score-ids";
import { newRanges, rangeChars, rangeStrings } from "./token-ranges";
import { tokenRanges } from "./tokenize";

export { tokenize, type TokenizeOptions } from "./tokenize";

/** Bump when tokenization or metric arithmetic changes. */
export const LEXICAL_VERSION = "lex-1";

// Reused token lists of the pair being scored (lexicalScores is synchronous, never re-entered).
const PRED = newRanges();
const REF = newRanges();

/**
 * Forget every cached reference and memoized Punkt decision, so that the next pairs are scored
 * as by a fresh process (benchmarks measure the cold path with it). Results never depend on it.
 */
export function clearRefCache(): void {
  clearRefIdCache();
  clearSentbreakMemo();
}

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = { tokenizer: "nltk", stopwords: "new" };

/**
 * Scores of one (system answer, reference answer) pair. The script strips both first; that is
 * implied here, because tokenization strips and whitespace-only text has no tokens either way.
 */
export function lexicalScores(pred: string, ref: string, opts?: Partial<LexicalOptions>): LexicalScores {
  const mode = opts?.tokenizer ?? DEFAULT_LEXICAL_OPTIONS.tokenizer;
  const stopwords = opts?.stopwords ?? DEFAULT_LEXICAL_OPTIONS.stopwords;
  // Tokenizing is deterministic, so one pass per text serves both the P/R and BLEU token lists.
  // Tokens stay ranges of the normalized texts (token-ranges.ts) and are interned from there.
  const predRaw = tokenRanges(pred ?? "", mode, PRED);
  const r = ref ?? "";
  // A cached reference is used only if starting the pair keeps the id table (and so its ids).
  const predChars = rangeChars(predRaw);
  let refIds = cachedRefIds(r, mode, tableGeneration());
  if (refIds === undefined || tooLargeForIds(predRaw.n, predChars) || !beginPair(predRaw.n, predChars)) {
    const refRaw = tokenRanges(r, mode, REF);
    const chars = predChars + rangeChars(refRaw);
    if (tooLargeForIds(predRaw.n + refRaw.n, chars)) return scoreStrings(rangeStrings(predRaw), rangeStrings(refRaw), stopwords);
    beginPair(predRaw.n + refRaw.n, chars);
    refIds = contentIds(refRaw);
    cacheRefIds(r, mode, tableGeneration(), refIds);
  }
  return scoreWithRefIds(predRaw, refIds, stopwords);
}

// Lexical metrics of the H2HMem benchmark (precision, recall, F1, BLEU-1), bit-exact with the
// official Python script run with real NLTK. See README.md in this folder.
import type { LexicalOptions, LexicalScores, StopwordList, TokenizerMode } from "../types";
import { clearFastCaches, fastRawTokens, fastScorePairs, scoresAt } from "./fast";

export { encodePairs, fastPairKeys, scoreEncodedPairs, scoresAt, type EncodedPairs } from "./fast";
import { filterTokens } from "./filter";
import { clearSentbreakMemo } from "./punkt";
import { referenceRawTokens, referenceScores } from "./reference";

/** Bump when tokenization or metric arithmetic changes. */
export const LEXICAL_VERSION = "lex-1";

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = { tokenizer: "nltk", stopwords: "new" };

/**
 * The switch between the two implementations, which give identical results (the differential
 * tests in tests/unit/scoring/lexical/ are that contract): "fast", the default (fast/: WebAssembly),
 * and "reference", the plain one (reference.ts). Not part of the scorer version, since results do
 * not depend on it.
 */
export const LEXICAL_ENGINES = ["fast", "reference"] as const;
export type LexicalEngine = (typeof LEXICAL_ENGINES)[number];

const fastScores: typeof referenceScores = (pred, ref, mode, stopwords) => scoresAt(fastScorePairs([pred], [ref], mode, stopwords), 0);

const ENGINES: Record<LexicalEngine, { scores: typeof referenceScores; rawTokens: typeof referenceRawTokens }> = {
  fast: { scores: fastScores, rawTokens: fastRawTokens },
  reference: { scores: referenceScores, rawTokens: referenceRawTokens },
};

/**
 * Forget the token table and the memoized Punkt decisions, so that the next pairs are scored as by
 * a fresh process (benchmarks measure the cold path with it). Results never depend on it.
 */
export function clearLexicalCaches(): void {
  clearFastCaches();
  clearSentbreakMemo();
}

/** Scores of one (system answer, reference answer) pair. */
export function lexicalScores(pred: string, ref: string, opts?: Partial<LexicalOptions> & { engine?: LexicalEngine }): LexicalScores {
  const mode = opts?.tokenizer ?? DEFAULT_LEXICAL_OPTIONS.tokenizer;
  const stopwords = opts?.stopwords ?? DEFAULT_LEXICAL_OPTIONS.stopwords;
  return ENGINES[opts?.engine ?? "fast"].scores(pred ?? "", ref ?? "", mode, stopwords);
}

/** Scores of many pairs (preds[i], refs[i]); a runner may split them across threads: pairs are independent. */
export type LexicalBatch = (preds: readonly string[], refs: readonly string[], opts: LexicalOptions) => Float64Array;
export const serialLexical: LexicalBatch = (preds, refs, opts) => fastScorePairs(preds, refs, opts.tokenizer, opts.stopwords);

export type TokenizeOptions = { mode: TokenizerMode; removeStopwords: boolean; stopwords?: StopwordList; engine?: LexicalEngine };

/** The official tokenizer: `EnglishTextProcessor.tokenize(text, remove_stopwords)`. */
export function tokenize(text: string, opts: TokenizeOptions): string[] {
  return filterTokens(ENGINES[opts.engine ?? "fast"].rawTokens(text, opts.mode), opts.removeStopwords, opts.stopwords ?? "new");
}

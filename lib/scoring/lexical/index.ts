// Lexical metrics, bit-exact with the official Python script run with real NLTK (README.md).
import type { LexicalOptions, LexicalScores, NltkVersion, StopwordList, TokenizerMode } from "../types";
import { filterTokens } from "./filter";
import { referenceRawTokens, referenceScores } from "./reference";

/** Bump when tokenization or metric arithmetic changes. */
export const LEXICAL_VERSION = "lex-1";

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = { tokenizer: "nltk", nltk: "3.5", stopwords: "new" };

export function lexicalScores(pred: string, ref: string, opts?: Partial<LexicalOptions>): LexicalScores {
  const d = DEFAULT_LEXICAL_OPTIONS;
  return referenceScores(
    pred ?? "",
    ref ?? "",
    opts?.tokenizer ?? d.tokenizer,
    opts?.nltk ?? d.nltk,
    opts?.stopwords ?? d.stopwords,
  );
}

export type TokenizeOptions = {
  mode: TokenizerMode;
  nltk?: NltkVersion;
  removeStopwords: boolean;
  stopwords?: StopwordList;
};

/** The official tokenizer: `EnglishTextProcessor.tokenize(text, remove_stopwords)`. */
export function tokenize(text: string, opts: TokenizeOptions): string[] {
  return filterTokens(
    referenceRawTokens(text, opts.mode, opts.nltk ?? DEFAULT_LEXICAL_OPTIONS.nltk),
    opts.removeStopwords,
    opts.stopwords ?? "new",
  );
}

// The official script's steps one after another, held to the NLTK oracle by the parity tests.
import type { LexicalScores, NltkVersion, StopwordList, TokenizerMode } from "../types";
import { bleu1, setScores } from "./metrics";
import { sentences } from "./punkt";
import { normalizeText } from "./py-text";
import { filterTokens } from "./filter";
import { wordTokenize } from "./word-tokenizer";

/** The script's tokens before filtering. */
export function referenceRawTokens(text: string, mode: TokenizerMode, nltk: NltkVersion): string[] {
  const normalized = normalizeText(text ?? "");
  if (normalized === "") return [];
  // Normalized text has single spaces only and none at either end: str.split() is split(" ").
  if (mode === "whitespace") return normalized.split(" ");
  const sents = sentences(normalized, nltk);
  if (sents.length === 1) return wordTokenize(sents[0], nltk);
  const tokens: string[] = [];
  for (let i = 0; i < sents.length; i++) tokens.push(...wordTokenize(sents[i], nltk));
  return tokens;
}

/** calculate_single_pair on raw token lists. */
function scoreRawTokenStrings(
  pred: readonly string[],
  ref: readonly string[],
  nltk: NltkVersion,
  stopwords: StopwordList,
): LexicalScores {
  // The two filters commute: the P/R/F1 tokens are the BLEU tokens without stopwords.
  const predBleu = filterTokens(pred, false);
  const refBleu = filterTokens(ref, false);
  const sets = setScores(filterTokens(predBleu, true, stopwords), filterTokens(refBleu, true, stopwords));
  return { ...sets, bleu1: bleu1(predBleu, refBleu, nltk) };
}

export function referenceScores(
  pred: string,
  ref: string,
  mode: TokenizerMode,
  nltk: NltkVersion,
  stopwords: StopwordList,
): LexicalScores {
  return scoreRawTokenStrings(
    referenceRawTokens(pred, mode, nltk),
    referenceRawTokens(ref, mode, nltk),
    nltk,
    stopwords,
  );
}

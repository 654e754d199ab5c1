// The speed layer: the same results as the reference path (../reference.ts), computed without a
// string per token. A sentence is cut by a single-pass scanner (word-fast.ts) when it can be, else
// by the reference rule pipeline; tokens stay ranges of the normalized text (token-ranges.ts) and
// are interned straight from there (intern.ts, score-ids.ts). What each part buys: README.md.
import type { LexicalScores, StopwordList, TokenizerMode } from "../../types";
import { sentenceRanges } from "../punkt";
import { normalizeText } from "../py-text";
import { HAS_CONTRACTION, wordTokenize } from "../word-tokenizer";
import { clearTokenTable, scoreRanges } from "./score-ids";
import { newRanges, pushRange, pushString, rangeStrings, resetRanges, type TokenRanges } from "./token-ranges";
import { fastWordTokenize } from "./word-fast";

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
export function fastRawTokens(text: string, mode: TokenizerMode): string[] {
  return rangeStrings(tokenRanges(text, mode, scratch));
}

/** Empty the token table (results never depend on it). */
export function clearFastCaches(): void {
  clearTokenTable();
}

// Reused token lists of the pair being scored (fastScores is synchronous, never re-entered).
const PRED = newRanges();
const REF = newRanges();

/**
 * Scores of one (system answer, reference answer) pair. The script strips both first; that is
 * implied here, because tokenization strips and whitespace-only text has no tokens either way.
 */
export function fastScores(pred: string, ref: string, mode: TokenizerMode, stopwords: StopwordList): LexicalScores {
  // Tokenizing is deterministic, so one pass per text serves both the P/R and BLEU token lists.
  return scoreRanges(tokenRanges(pred, mode, PRED), tokenRanges(ref, mode, REF), stopwords);
}

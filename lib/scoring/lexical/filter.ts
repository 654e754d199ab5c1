// The filtering half of the official script's EnglishTextProcessor.tokenize.
import type { StopwordList } from "../types";
import { STOPWORDS_NEW, STOPWORDS_OLD } from "./data/stopwords";

/** Punctuation strings the official script adds to NLTK's stopword list. */
const EXTRA_STOPWORDS: readonly string[] = [
  ".",
  ",",
  "!",
  "?",
  ";",
  ":",
  '"',
  "'",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "-",
  "\u2013",
  "\u2014",
  "...",
  "..",
];

const STOPSETS: Record<StopwordList, ReadonlySet<string>> = {
  new: new Set([...STOPWORDS_NEW, ...EXTRA_STOPWORDS]),
  old: new Set([...STOPWORDS_OLD, ...EXTRA_STOPWORDS]),
};

/** Python's string.punctuation. */
const PUNCT = new Uint8Array(128);
for (const ch of "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") PUNCT[ch.charCodeAt(0)] = 1;

function isPunctOnly(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 128 || PUNCT[c] === 0) return false;
  }
  return true;
}

/** Drops stopwords (optionally) and punctuation-only tokens; the script's strip() is a no-op here. */
export function filterTokens(
  tokens: readonly string[],
  removeStopwords: boolean,
  stopwords: StopwordList = "new",
): string[] {
  const stop = STOPSETS[stopwords];
  const out: string[] = [];
  for (const t of tokens) {
    if (removeStopwords && stop.has(t)) continue;
    if (isPunctOnly(t)) continue;
    out.push(t);
  }
  return out;
}

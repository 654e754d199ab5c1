// Every stored score names the exact algorithm that produced it, so a change of tokenizer mode,
// stopword list or lexical implementation writes new rows instead of silently mixing numbers.
import { DEFAULT_LEXICAL_OPTIONS, LEXICAL_VERSION } from "./lexical";
import type { LexicalOptions } from "./types";

export function resolveLexicalOptions(opts: Partial<LexicalOptions> = {}): LexicalOptions {
  return { ...DEFAULT_LEXICAL_OPTIONS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) };
}

/** e.g. "lex-1+nltk+sw198" (sw198: NLTK's 2025 English list; sw179: the older one). */
export function scorerVersionFor(opts: Partial<LexicalOptions> = {}): string {
  const o = resolveLexicalOptions(opts);
  return `${LEXICAL_VERSION}+${o.tokenizer}+sw${o.stopwords === "old" ? 179 : 198}`;
}

/** The lexical options a version string names (its tokenizer and stopword list), for rows computed later from stored ones. */
export function lexicalOptionsOfVersion(version: string): LexicalOptions {
  const parts = version.split("+judge=")[0].split("+");
  return { tokenizer: parts.includes("whitespace") ? "whitespace" : "nltk", stopwords: parts.includes("sw179") ? "old" : "new" };
}

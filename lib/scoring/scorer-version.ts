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

/** How many hex digits of the answer key's content sha-256 a scorer version carries. */
export const ANSWER_KEY_TAG_LENGTH = 8;
const KEY_PART = /\+key=([0-9a-f]+)/;

/**
 * Names the answer key in a scorer version: "lex-1+nltk+sw198" -> "lex-1+nltk+sw198+key=1a2b3c4d".
 * Scores against another key (or errata) are another version, so one version never mixes keys
 * (or question counts). Without a key (nothing imported) the version has no key part.
 */
export function withAnswerKey(version: string, keySha256: string | null): string {
  return keySha256 ? `${version}+key=${keySha256.slice(0, ANSWER_KEY_TAG_LENGTH).toLowerCase()}` : version;
}

/** The key tag a scorer version names ("1a2b3c4d"), or null for a version scored without a key. */
export function answerKeyTagOf(version: string): string | null {
  return KEY_PART.exec(version)?.[1] ?? null;
}

/**
 * The lexical options a stored scorer version names (the inverse of scorerVersionFor; a judge
 * suffix "+judge=…" is ignored), or null when it names another lexical algorithm than this
 * build's: such numbers cannot be re-computed with this code.
 */
export function lexicalOptionsForVersion(version: string): LexicalOptions | null {
  const m = /^([^+]+)\+(nltk|whitespace)\+sw(198|179)(?:\+|$)/.exec(version);
  if (!m || m[1] !== LEXICAL_VERSION) return null;
  return { tokenizer: m[2] as LexicalOptions["tokenizer"], stopwords: m[3] === "179" ? "old" : "new" };
}

// Raw tokens of one text as ranges of its normalized form instead of strings. Almost every
// token the tokenizer makes is a substring of the normalized text, so the scorer can intern it
// from the text itself (intern.ts) without allocating a string per token. The few tokens that
// are not substrings (`` and '' made from ", the rule pipeline's output) are kept as strings.
// The text's characters are also copied into a typed array once: the scanner, hashing and key
// comparison read them from there, which V8 does much faster than String#charCodeAt in these
// loops (alternating-process A/B: the whole cold pair ~14% faster).

export type TokenRanges = {
  /** The normalized text the ranges point into. */
  text: string;
  /** Its UTF-16 code units (the first text.length entries). */
  codes: Uint16Array;
  /** Token k is text[r[2k], r[2k + 1]), or extra[-1 - r[2k]] when r[2k] < 0. */
  r: Int32Array;
  /** Number of tokens. */
  n: number;
  extra: string[];
};

const INITIAL = 256;
// A buffer grown by one very long text is given back, so reused lists stay small.
const KEEP = 1 << 16;

export function newRanges(): TokenRanges {
  const t: TokenRanges = { text: "", codes: new Uint16Array(0), r: new Int32Array(0), n: 0, extra: [] };
  // The buffers are replaced when a long text comes: assigned twice here, so that V8 never takes
  // them for constant fields (optimized code that did is thrown away at the first long text).
  t.codes = new Uint16Array(INITIAL * 4);
  t.r = new Int32Array(INITIAL);
  return t;
}

/** Empty the list for a new text. */
export function resetRanges(t: TokenRanges, text: string): void {
  t.text = text;
  t.n = 0;
  t.extra.length = 0;
  if (t.r.length > KEEP) t.r = new Int32Array(INITIAL);
  t.codes = codesOf(text, t.codes);
}

/** The code units of s in `into` if it is large enough (and not oversized), else in a new array. */
export function codesOf(s: string, into: Uint16Array): Uint16Array {
  const n = s.length;
  let codes = into;
  if (codes.length < n) codes = new Uint16Array(Math.max(n, 2 * codes.length));
  else if (codes.length > KEEP * 4 && n <= INITIAL * 4) codes = new Uint16Array(INITIAL * 4);
  for (let i = 0; i < n; i++) codes[i] = s.charCodeAt(i);
  return codes;
}

function grow(t: TokenRanges): void {
  const r = new Int32Array(t.r.length * 2);
  r.set(t.r);
  t.r = r;
}

/** Append the token text[a, b). */
export function pushRange(t: TokenRanges, a: number, b: number): void {
  const k = 2 * t.n;
  if (k + 2 > t.r.length) grow(t);
  t.r[k] = a;
  t.r[k + 1] = b;
  t.n++;
}

/** Append a token that is not a substring of the text. */
export function pushString(t: TokenRanges, s: string): void {
  t.extra.push(s);
  pushRange(t, -t.extra.length, 0);
}

/** Drop tokens (and their strings) added after the list had `n` tokens and `extras` strings. */
export function truncateRanges(t: TokenRanges, n: number, extras: number): void {
  t.n = n;
  t.extra.length = extras;
}

export function tokenAt(t: TokenRanges, k: number): string {
  const a = t.r[2 * k];
  return a < 0 ? t.extra[-1 - a] : t.text.slice(a, t.r[2 * k + 1]);
}

export function rangeStrings(t: TokenRanges): string[] {
  const out = new Array<string>(t.n);
  for (let k = 0; k < t.n; k++) out[k] = tokenAt(t, k);
  return out;
}

/** Total characters of the tokens. */
export function rangeChars(t: TokenRanges): number {
  let n = 0;
  for (let k = 0; k < 2 * t.n; k += 2) {
    const a = t.r[k];
    n += a < 0 ? t.extra[-1 - a].length : t.r[k + 1] - a;
  }
  return n;
}

/** A list holding the given token strings (for callers that have strings, e.g. tests). */
export function rangesOf(tokens: readonly string[]): TokenRanges {
  const t = newRanges();
  for (const s of tokens) pushString(t, s);
  return t;
}

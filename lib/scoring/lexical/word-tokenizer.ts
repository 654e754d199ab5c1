// NLTK's improved Treebank word tokenizer (NLTKWordTokenizer, NLTK 3.8), re-expressed as an
// ordered list of rewrite rules over one sentence, followed by a whitespace split.
//
// Input contract: the text has already been through collapseWhitespace, so its only
// whitespace is single ASCII spaces; Python's `\s` is therefore written as " " below.
// Python's `\w`/`\d`/`\b` are Unicode-aware, so they use the generated classes W/D and
// explicit look-arounds. `(?i)` letters are spelled out with the characters Python's
// case-insensitive matching treats as equal (e.g. "s" also matches U+017F, "i" U+0130/U+0131).
import type { NltkVersion } from "../types";
import { lazy } from "./lazy";
import { W } from "./py-text";
import { finalPeriodNarrow, finalPeriodWide, padColonComma, padFinalColonComma, splitOnSpaces } from "./word-rules";

// [pattern, replacement, flags, guard]: a rule runs only if the sentence contains one of the
// characters in `flags` (0 = always) and the optional guard (a cheap necessary condition for
// the pattern) holds. Skipping rules that cannot match saves most regex passes.
type Guard = RegExp | ((text: string) => boolean);
type Rule = readonly [RegExp | ((text: string) => string), string, number, Guard?];

const F_PERIOD = 1;
const F_COLON_COMMA = 2;
const F_SYMBOL = 4; // ; @ # $ % &
const F_QM = 8; // ? !
const F_APOS = 16;
const F_STAR = 32;
const F_BRACKET = 64;
const F_DASH = 128;
const F_DQUOTE = 256; // "
const F_BACKTICK = 1024;
const F_OPEN_QUOTE = 2048; // « “ ‘ „
const F_CLOSE_QUOTE = 4096; // » ” ’
const F_QUOTE = F_APOS | F_DQUOTE | F_BACKTICK | F_OPEN_QUOTE | F_CLOSE_QUOTE;
// "nn", "mm" or "tt" in any case: with an apostrophe, a necessary condition for every contraction
// rule (cannot, gimme, gonna, gotta, lemme, wanna; d'ye, more'n, 'tis, 'twas).
const F_DOUBLE_NMT = 512;

const ASCII_FLAGS = new Uint16Array(128);
for (const [chars, flag] of [
  [".", F_PERIOD],
  [":,", F_COLON_COMMA],
  [";@#$%&", F_SYMBOL],
  ["?!", F_QM],
  ["'", F_APOS],
  ["*", F_STAR],
  ["[](){}<>", F_BRACKET],
  ["-", F_DASH],
  ['"', F_DQUOTE],
  ["`", F_BACKTICK],
] as const) {
  for (const ch of chars) ASCII_FLAGS[ch.charCodeAt(0)] |= flag;
}

function charFlags(text: string): number {
  let flags = 0;
  let prev = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 0x20;
    if (lower === prev && (lower === 0x6e || lower === 0x6d || lower === 0x74)) flags |= F_DOUBLE_NMT;
    prev = c < 128 ? lower : 0;
    if (c < 128) flags |= ASCII_FLAGS[c];
    else if (c === 0xab || c === 0x201c || c === 0x2018 || c === 0x201e) flags |= F_OPEN_QUOTE;
    else if (c === 0xbb || c === 0x201d || c === 0x2019) flags |= F_CLOSE_QUOTE;
  }
  return flags;
}

const CI: Record<string, string> = { i: "[Ii\u0130\u0131]", s: "[Ss\u017f]" };
/** Case-insensitive spelling of an ASCII word, the way Python's `(?i)` matches it. */
function ci(word: string): string {
  return Array.from(word, (c) => (/[a-z]/.test(c) ? (CI[c] ?? `[${c.toUpperCase()}${c}]`) : c)).join("");
}

const rx = (source: string) => new RegExp(source, "gu");
const NOT_WORD_BEFORE = `(?<![${W}])`;
const NOT_WORD_AFTER = `(?![${W}])`;

// Robert MacIntyre's contractions, split into two tokens. Guard: the letters without the
// word-boundary look-arounds.
function contraction(a: string, b: string, before: string, after: string): Rule {
  return [rx(`${before}(${a})(${b})${after}`), " $1 $2 ", 0, new RegExp(a + b, "u")];
}

// The rules, with their Unicode classes, compiled on first use (lazy.ts): the fast engine sends only
// the few sentences its scanner declines here.
const rules = lazy(() => {
  /** Quote handling before punctuation (opening quotes become ``). */
  const STARTING_QUOTES: Rule[] = [
    [rx("([\u00ab\u201c\u2018\u201e]|`+)"), " $1 ", F_OPEN_QUOTE | F_BACKTICK],
    [rx('^"'), "``", F_DQUOTE, /^"/],
    // `` exists only if there was a backtick or the previous rule made one from ".
    [rx("(``)"), " $1 ", F_BACKTICK | F_DQUOTE, /``/],
    [rx(`([ ([{<])("|'')`), "$1 `` ", F_DQUOTE | F_APOS, (t) => t.includes('"') || t.includes("''")],
    // A quote followed by a one-letter word that is not a clitic gets split off.
    [rx(`(')(?!${["re", "ve", "ll", "m", "t", "s", "d", "n"].map(ci).join("|")})([${W}])${NOT_WORD_AFTER}`), "$1 $2", F_APOS],
  ];

  const PUNCTUATION: Rule[] = [
    [finalPeriodWide, "", F_PERIOD],
    [padColonComma, "", F_COLON_COMMA],
    [padFinalColonComma, "", F_COLON_COMMA],
    [rx("\\.{2,}"), " $& ", F_PERIOD, (t) => t.includes("..")],
    [rx("[;@#$%&]"), " $& ", F_SYMBOL],
    // Sentence-final period (again, with the narrower closer set).
    [finalPeriodNarrow, "", F_PERIOD],
    [rx("[?!]"), " $& ", F_QM],
    [rx("([^'])' "), "$1 ' ", F_APOS, /' /],
    [rx("[*]"), " $& ", F_STAR],
  ];

  const BRACKETS_AND_DASHES: Rule[] = [
    [rx("[\\][(){}<>]"), " $& ", F_BRACKET],
    [rx("--"), " -- ", F_DASH, (t) => t.includes("--")],
  ];

  const ENDING_QUOTES: Rule[] = [
    [rx("([\u00bb\u201d\u2019])"), " $1 ", F_CLOSE_QUOTE],
    [rx("''"), " '' ", F_APOS, (t) => t.includes("''")],
    [rx('"'), " '' ", F_DQUOTE],
    // Apostrophes here are original ones or the '' just made from ".
    [rx("([^' ])('[sS]|'[mM]|'[dD]|') "), "$1 $2 ", F_APOS | F_DQUOTE],
    [rx("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), "$1 $2 ", F_APOS | F_DQUOTE],
  ];

  const CONTRACTIONS: Rule[] = [
    ...(
      [
        ["can", "not"],
        ["d", "'ye"],
        ["gim", "me"],
        ["gon", "na"],
        ["got", "ta"],
        ["lem", "me"],
        ["more", "'n"],
      ] as const
    ).map(([a, b]) => contraction(ci(a), ci(b), NOT_WORD_BEFORE, NOT_WORD_AFTER)),
    contraction(ci("wan"), ci("na"), NOT_WORD_BEFORE, "(?= )"),
    contraction(`'${ci("t")}`, ci("is"), " ", NOT_WORD_AFTER),
    contraction(`'${ci("t")}`, ci("was"), " ", NOT_WORD_AFTER),
  ];

  // Necessary condition for any contraction rule (the fast engine's scanner checks the same letters).
  const HAS_CONTRACTION = new RegExp(CONTRACTIONS.map((r) => (r[3] as RegExp).source).join("|"), "u");

  return { STARTING_QUOTES, PUNCTUATION, BRACKETS_AND_DASHES, ENDING_QUOTES, CONTRACTIONS, HAS_CONTRACTION };
});

function apply(text: string, list: readonly Rule[], flags: number): string {
  for (const [re, sub, mask, guard] of list) {
    if (mask !== 0 && (flags & mask) === 0) continue;
    if (guard && !(typeof guard === "function" ? guard(text) : guard.test(text))) continue;
    text = typeof re === "function" ? re(text) : text.replace(re, sub);
  }
  return text;
}

/** Tokenize one sentence exactly like `NLTKWordTokenizer().tokenize(sentence)`. */
export function wordTokenize(sentence: string, _nltk: NltkVersion = "3.5"): string[] {
  // Rules only insert spaces or turn " into `` / '' (accounted for in the rule masks), so the
  // flags of the input stay valid throughout. Apostrophes made from " are space-delimited and
  // cannot form a contraction.
  const { STARTING_QUOTES, PUNCTUATION, BRACKETS_AND_DASHES, ENDING_QUOTES, CONTRACTIONS, HAS_CONTRACTION } = rules();
  const flags = charFlags(sentence);
  let text = sentence;
  if (flags & F_QUOTE) text = apply(text, STARTING_QUOTES, flags);
  text = apply(text, PUNCTUATION, flags);
  text = apply(text, BRACKETS_AND_DASHES, flags);
  text = " " + text + " ";
  if (flags & F_QUOTE) text = apply(text, ENDING_QUOTES, flags);
  if (flags & (F_APOS | F_DOUBLE_NMT) && HAS_CONTRACTION.test(text)) text = apply(text, CONTRACTIONS, flags);
  return splitOnSpaces(text);
}

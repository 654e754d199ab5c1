// NLTK's improved Treebank word tokenizer (NLTKWordTokenizer, NLTK 3.8), re-expressed as an
// ordered list of rewrite rules over one sentence, followed by a whitespace split.
//
// Input contract: the text has already been through collapseWhitespace, so its only
// whitespace is single ASCII spaces; Python's `\s` is therefore written as " " below.
// Python's `\w`/`\d`/`\b` are Unicode-aware, so they use the generated classes W/D and
// explicit look-arounds. `(?i)` letters are spelled out with the characters Python's
// case-insensitive matching treats as equal (e.g. "s" also matches U+017F, "i" U+0130/U+0131).
import { D, W } from "./py-text";

type Rule = readonly [RegExp, string];

const CI: Record<string, string> = { i: "[Ii\u0130\u0131]", s: "[Ss\u017f]" };
/** Case-insensitive spelling of an ASCII word, the way Python's `(?i)` matches it. */
function ci(word: string): string {
  return Array.from(word, (c) => (/[a-z]/.test(c) ? (CI[c] ?? `[${c.toUpperCase()}${c}]`) : c)).join("");
}

const rx = (source: string) => new RegExp(source, "gu");
const NOT_WORD_BEFORE = `(?<![${W}])`;
const NOT_WORD_AFTER = `(?![${W}])`;
// The closers that may follow a sentence-final period.
const CLOSERS_WIDE = `[\\])}>"'\u00bb\u201d\u2019 ]`;
const CLOSERS = `[\\])}>"']`;

/** Quote handling before punctuation (opening quotes become ``). */
const STARTING_QUOTES: Rule[] = [
  [rx("([\u00ab\u201c\u2018\u201e]|`+)"), " $1 "],
  [rx('^"'), "``"],
  [rx("(``)"), " $1 "],
  [rx(`([ ([{<])("|'')`), "$1 `` "],
  // A quote followed by a one-letter word that is not a clitic gets split off.
  [rx(`(')(?!${["re", "ve", "ll", "m", "t", "s", "d", "n"].map(ci).join("|")})([${W}])${NOT_WORD_AFTER}`), "$1 $2"],
];

const PUNCTUATION: Rule[] = [
  [rx(`([^.])(\\.)(${CLOSERS_WIDE}*) *$`), "$1 $2 $3 "],
  [rx(`([:,])([^${D}])`), " $1 $2"],
  [rx("([:,])$"), " $1 "],
  [rx("\\.{2,}"), " $& "],
  [rx("[;@#$%&]"), " $& "],
  // Sentence-final period (again, with the narrower closer set).
  [rx(`([^.])(\\.)(${CLOSERS}*) *$`), "$1 $2$3 "],
  [rx("[?!]"), " $& "],
  [rx("([^'])' "), "$1 ' "],
  [rx("[*]"), " $& "],
];

const PARENS_BRACKETS: Rule = [rx("[\\][(){}<>]"), " $& "];
const DOUBLE_DASHES: Rule = [rx("--"), " -- "];

const ENDING_QUOTES: Rule[] = [
  [rx("([\u00bb\u201d\u2019])"), " $1 "],
  [rx("''"), " '' "],
  [rx('"'), " '' "],
  [rx("([^' ])('[sS]|'[mM]|'[dD]|') "), "$1 $2 "],
  [rx("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), "$1 $2 "],
];

// Robert MacIntyre's contractions, split into two tokens.
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
  ).map(([a, b]): Rule => [rx(`${NOT_WORD_BEFORE}(${ci(a)})(${ci(b)})${NOT_WORD_AFTER}`), " $1 $2 "]),
  [rx(`${NOT_WORD_BEFORE}(${ci("wan")})(${ci("na")})(?= )`), " $1 $2 "],
  [rx(` ('${ci("t")})(${ci("is")})${NOT_WORD_AFTER}`), " $1 $2 "],
  [rx(` ('${ci("t")})(${ci("was")})${NOT_WORD_AFTER}`), " $1 $2 "],
];

// Cheap pre-checks: a rule group can only fire if one of these characters is present.
const HAS_QUOTE_START = /[\u00ab\u201c\u2018\u201e`"']/;
const HAS_ENDING_QUOTE = /[\u00bb\u201d\u2019"']/;
const HAS_CONTRACTION = /[CcDdGgLlMmWw]|'[Tt]/;

function apply(text: string, rules: readonly Rule[]): string {
  for (const [re, sub] of rules) text = text.replace(re, sub);
  return text;
}

/** Tokenize one sentence exactly like `NLTKWordTokenizer().tokenize(sentence)`. */
export function wordTokenize(sentence: string): string[] {
  let text = sentence;
  if (HAS_QUOTE_START.test(text)) text = apply(text, STARTING_QUOTES);
  text = apply(text, PUNCTUATION);
  text = text.replace(PARENS_BRACKETS[0], PARENS_BRACKETS[1]);
  text = text.replace(DOUBLE_DASHES[0], DOUBLE_DASHES[1]);
  text = " " + text + " ";
  if (HAS_ENDING_QUOTE.test(text)) text = apply(text, ENDING_QUOTES);
  if (HAS_CONTRACTION.test(text)) text = apply(text, CONTRACTIONS);
  return text.split(" ").filter((t) => t !== "");
}

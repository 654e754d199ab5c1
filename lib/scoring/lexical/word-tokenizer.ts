// NLTK's improved Treebank word tokenizer (NLTKWordTokenizer, NLTK 3.8), re-expressed as an
// ordered list of rewrite rules over one sentence, followed by a whitespace split.
//
// Input contract: the text has already been through collapseWhitespace, so its only
// whitespace is single ASCII spaces; Python's `\s` is therefore written as " " below.
// Python's `\w`/`\d`/`\b` are Unicode-aware, so they use the generated classes W/D and
// explicit look-arounds. `(?i)` letters are spelled out with the characters Python's
// case-insensitive matching treats as equal (e.g. "s" also matches U+017F, "i" U+0130/U+0131).
import { D, W } from "./py-text";

// [pattern, replacement, guard]: the guard is a cheap necessary condition for the pattern to
// match; when it fails the rule is skipped, which saves most regex passes on typical text.
type Rule = readonly [RegExp, string, RegExp?];

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
  [rx("([\u00ab\u201c\u2018\u201e]|`+)"), " $1 ", /[\u00ab\u201c\u2018\u201e`]/],
  [rx('^"'), "``", /^"/],
  [rx("(``)"), " $1 ", /``/],
  [rx(`([ ([{<])("|'')`), "$1 `` ", /"|''/],
  // A quote followed by a one-letter word that is not a clitic gets split off.
  [rx(`(')(?!${["re", "ve", "ll", "m", "t", "s", "d", "n"].map(ci).join("|")})([${W}])${NOT_WORD_AFTER}`), "$1 $2", /'/],
];

const PUNCTUATION: Rule[] = [
  [rx(`([^.])(\\.)(${CLOSERS_WIDE}*) *$`), "$1 $2 $3 ", /\./],
  [rx(`([:,])([^${D}])`), " $1 $2", /[:,]/],
  [rx("([:,])$"), " $1 ", /[:,]$/],
  [rx("\\.{2,}"), " $& ", /\.\./],
  [rx("[;@#$%&]"), " $& ", /[;@#$%&]/],
  // Sentence-final period (again, with the narrower closer set).
  [rx(`([^.])(\\.)(${CLOSERS}*) *$`), "$1 $2$3 ", /\./],
  [rx("[?!]"), " $& ", /[?!]/],
  [rx("([^'])' "), "$1 ' ", /' /],
  [rx("[*]"), " $& ", /\*/],
];

const BRACKETS_AND_DASHES: Rule[] = [
  [rx("[\\][(){}<>]"), " $& ", /[\][(){}<>]/],
  [rx("--"), " -- ", /--/],
];

const ENDING_QUOTES: Rule[] = [
  [rx("([\u00bb\u201d\u2019])"), " $1 ", /[\u00bb\u201d\u2019]/],
  [rx("''"), " '' ", /''/],
  [rx('"'), " '' ", /"/],
  [rx("([^' ])('[sS]|'[mM]|'[dD]|') "), "$1 $2 ", /'/],
  [rx("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), "$1 $2 ", /'/],
];

// Robert MacIntyre's contractions, split into two tokens. Guard: the letters without the
// word-boundary look-arounds.
function contraction(a: string, b: string, before: string, after: string): Rule {
  return [rx(`${before}(${a})(${b})${after}`), " $1 $2 ", new RegExp(a + b, "u")];
}
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

// Group pre-checks (necessary conditions for any rule of the group).
const HAS_QUOTE = /[\u00ab\u00bb\u201c\u201d\u2018\u2019\u201e`"']/;
const HAS_CONTRACTION = new RegExp(CONTRACTIONS.map((r) => r[2]!.source).join("|"), "u");

function apply(text: string, rules: readonly Rule[]): string {
  for (const [re, sub, guard] of rules) if (!guard || guard.test(text)) text = text.replace(re, sub);
  return text;
}

/** Tokenize one sentence exactly like `NLTKWordTokenizer().tokenize(sentence)`. */
export function wordTokenize(sentence: string): string[] {
  let text = sentence;
  const quotes = HAS_QUOTE.test(text);
  if (quotes) text = apply(text, STARTING_QUOTES);
  text = apply(text, PUNCTUATION);
  text = apply(text, BRACKETS_AND_DASHES);
  text = " " + text + " ";
  if (quotes) text = apply(text, ENDING_QUOTES);
  if (HAS_CONTRACTION.test(text)) text = apply(text, CONTRACTIONS);
  return text.split(" ").filter((t) => t !== "");
}

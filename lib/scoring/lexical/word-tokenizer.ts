// NLTK's NLTKWordTokenizer (nltk/tokenize/destructive.py) as ordered rewrite rules plus a space split;
// `byVersion` entries hold the four rules where NLTK 3.5 and 3.8 differ. Input has single spaces only.
import { NLTK_VERSIONS, type NltkVersion } from "../types";
import { W } from "./py-text";
import * as F from "./word-flags";
import { finalPeriodNarrow, finalPeriodWide, padColonComma, padFinalColonComma, splitOnSpaces } from "./word-rules";

// [pattern, replacement, flags, guard]: runs only if the sentence has a `flags` character (0 = always) and the guard holds.
type Guard = RegExp | ((text: string) => boolean);
type Rule = readonly [RegExp | ((text: string) => string), string, number, Guard?];
/** A rule that differs between the versions (null: the version has no such rule). */
type Versioned = { readonly versioned: Record<NltkVersion, Rule | null> };
type Entry = Rule | Versioned;
const byVersion = (v35: Rule | null, v38: Rule | null): Versioned => ({ versioned: { "3.5": v35, "3.8": v38 } });

const CI: Record<string, string> = { i: "[Ii\u0130\u0131]", s: "[Ss\u017f]" };
/** An ASCII word the way Python's `(?i)` matches it. */
function ci(word: string): string {
  return Array.from(word, (c) => (/[a-z]/.test(c) ? (CI[c] ?? `[${c.toUpperCase()}${c}]`) : c)).join("");
}

const rx = (source: string) => new RegExp(source, "gu");
const NOT_WORD_BEFORE = `(?<![${W}])`;
const NOT_WORD_AFTER = `(?![${W}])`;
const hasDoubleApos = (t: string) => t.includes("''");

/** `(?i)(\')(?!<clitics>)(\w)\b` -> `\1 \2`. */
function quoteBeforeLetter(clitics: readonly string[]): Rule {
  return [rx(`(')(?!${clitics.map(ci).join("|")})([${W}])${NOT_WORD_AFTER}`), "$1 $2", F.F_APOS];
}
const CLITICS = ["re", "ve", "ll", "m", "t", "s", "d"];

// Robert MacIntyre's contractions; the guard is the letters without the look-arounds.
function contraction(a: string, b: string, before: string, after: string): Rule {
  return [rx(`${before}(${a})(${b})${after}`), " $1 $2 ", 0, new RegExp(a + b, "u")];
}
const plainContraction = (a: string, b: string) => contraction(ci(a), ci(b), NOT_WORD_BEFORE, NOT_WORD_AFTER);

const STARTING_QUOTES: Entry[] = [
  [rx("([\u00ab\u201c\u2018\u201e]|`+)"), " $1 ", F.F_OPEN_QUOTE | F.F_BACKTICK],
  [rx('^"'), "``", F.F_DQUOTE, /^"/],
  // `` exists only if there was a backtick or the previous rule made one from ".
  [rx("(``)"), " $1 ", F.F_BACKTICK | F.F_DQUOTE, /``/],
  [rx(`([ ([{<])("|'')`), "$1 `` ", F.F_DQUOTE | F.F_APOS, (t) => t.includes('"') || hasDoubleApos(t)],
  // NLTK 3.6 (#2608) added "n" to the clitics: 3.5 splits rock'n -> rock' n (then rock ' n).
  byVersion(quoteBeforeLetter(CLITICS), quoteBeforeLetter([...CLITICS, "n"])),
];

const PUNCTUATION: Entry[] = [
  [finalPeriodWide, "", F.F_PERIOD],
  [padColonComma, "", F.F_COLON_COMMA],
  [padFinalColonComma, "", F.F_COLON_COMMA],
  [rx("\\.{2,}"), " $& ", F.F_PERIOD, (t) => t.includes("..")],
  [rx("[;@#$%&]"), " $& ", F.F_SYMBOL],
  // Sentence-final period (again, with the narrower closer set).
  [finalPeriodNarrow, "", F.F_PERIOD],
  [rx("[?!]"), " $& ", F.F_QM],
  [rx("([^'])' "), "$1 ' ", F.F_APOS, /' /],
  [rx("[*]"), " $& ", F.F_STAR],
];

const BRACKETS_AND_DASHES: Entry[] = [
  [rx("[\\][(){}<>]"), " $& ", F.F_BRACKET],
  [rx("--"), " -- ", F.F_DASH, (t) => t.includes("--")],
];

const ENDING_QUOTES: Entry[] = [
  [rx("([\u00bb\u201d\u2019])"), " $1 ", F.F_CLOSE_QUOTE],
  // 3.6.6 (#2877) pads every '' first; 3.5 only a '' after a non-space, once " has become ' '' '.
  byVersion(null, [rx("''"), " '' ", F.F_APOS, hasDoubleApos]),
  [rx('"'), " '' ", F.F_DQUOTE],
  byVersion([rx("([^ ])('')"), "$1 $2 ", F.F_APOS, hasDoubleApos], null),
  // Apostrophes here are original ones or the '' just made from ".
  [rx("([^' ])('[sS]|'[mM]|'[dD]|') "), "$1 $2 ", F.F_APOS | F.F_DQUOTE],
  [rx("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), "$1 $2 ", F.F_APOS | F.F_DQUOTE],
];

const CONTRACTIONS: Entry[] = [
  ...(
    [
      ["can", "not"],
      ["d", "'ye"],
      ["gim", "me"],
      ["gon", "na"],
      ["got", "ta"],
      ["lem", "me"],
    ] as const
  ).map(([a, b]) => plainContraction(a, b)),
  // 3.5: (mor)('n), 3.6+ (#2608): (more)('n).
  byVersion(plainContraction("mor", "'n"), plainContraction("more", "'n")),
  // 3.5: (wan)(na)\s consumes the space after it; 3.6.6+ (#2877): (wan)(na)(?=\s). Same tokens.
  byVersion(
    contraction(ci("wan"), ci("na"), NOT_WORD_BEFORE, " "),
    contraction(ci("wan"), ci("na"), NOT_WORD_BEFORE, "(?= )"),
  ),
  contraction(`'${ci("t")}`, ci("is"), " ", NOT_WORD_AFTER),
  contraction(`'${ci("t")}`, ci("was"), " ", NOT_WORD_AFTER),
];

type RuleSet = {
  starting: Rule[];
  punctuation: Rule[];
  brackets: Rule[];
  ending: Rule[];
  contractions: Rule[];
  hasContraction: RegExp;
};

function rulesOf(nltk: NltkVersion): RuleSet {
  const pick = (list: Entry[]): Rule[] => {
    const out: Rule[] = [];
    for (const e of list) {
      const rule = "versioned" in e ? e.versioned[nltk] : e;
      if (rule) out.push(rule);
    }
    return out;
  };
  const contractions = pick(CONTRACTIONS);
  return {
    starting: pick(STARTING_QUOTES),
    punctuation: pick(PUNCTUATION),
    brackets: pick(BRACKETS_AND_DASHES),
    ending: pick(ENDING_QUOTES),
    contractions,
    hasContraction: new RegExp(contractions.map((r) => (r[3] as RegExp).source).join("|"), "u"),
  };
}

const RULES = Object.fromEntries(NLTK_VERSIONS.map((v) => [v, rulesOf(v)])) as Record<NltkVersion, RuleSet>;

function apply(text: string, list: readonly Rule[], flags: number): string {
  for (const [re, sub, mask, guard] of list) {
    if (mask !== 0 && (flags & mask) === 0) continue;
    if (guard && !(typeof guard === "function" ? guard(text) : guard.test(text))) continue;
    text = typeof re === "function" ? re(text) : text.replace(re, sub);
  }
  return text;
}

/** `NLTKWordTokenizer().tokenize(sentence)` of that NLTK. */
export function wordTokenize(sentence: string, nltk: NltkVersion): string[] {
  // Rules only insert spaces or turn " into `` / '' (in the rule masks), so the input's flags stay valid.
  const rules = RULES[nltk];
  const flags = F.charFlags(sentence);
  let text = sentence;
  if (flags & F.F_QUOTE) text = apply(text, rules.starting, flags);
  text = apply(text, rules.punctuation, flags);
  text = apply(text, rules.brackets, flags);
  text = " " + text + " ";
  if (flags & F.F_QUOTE) text = apply(text, rules.ending, flags);
  if (flags & (F.F_APOS | F.F_DOUBLE_NMT) && rules.hasContraction.test(text))
    text = apply(text, rules.contractions, flags);
  return splitOnSpaces(text);
}

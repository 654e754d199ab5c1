// The one grammar of scorer versions (docs/SCORING.md §1): a change writes new rows instead of mixing numbers.
import { DEFAULT_LEXICAL_OPTIONS, LEXICAL_VERSION } from "./lexical";
import type { LexicalOptions, NltkVersion } from "./types";

const ANSWER_KEY_TAG_LENGTH = 8;
export const KEY_PART_PREFIX = "+key=";
const JUDGE_PART_PREFIX = "+judge=";

type JudgePart = { model: string; promptVersion: string };
type ParsedScorerVersion = {
  lexicalVersion: string;
  options: LexicalOptions;
  /** True for a version written before the NLTK mode was named ("nltk", "whitespace"). */
  legacyMode: boolean;
  keyTag: string | null;
  judge: JudgePart | null;
};

const GRAMMAR =
  /^(lex-[0-9]+)\+(?:(nltk|whitespace)|(?:(whitespace)-)?nltk(35|38))\+sw(198|179)(?:\+key=([0-9a-f]+))?(?:\+judge=(.+)@([^@+]+))?$/;

export function resolveLexicalOptions(opts: Partial<LexicalOptions> = {}): LexicalOptions {
  return { ...DEFAULT_LEXICAL_OPTIONS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) };
}

/** The mode token: "nltk35", "nltk38", "whitespace-nltk35", "whitespace-nltk38". */
export function modeToken(opts: Pick<LexicalOptions, "tokenizer" | "nltk">): string {
  const nltk = `nltk${opts.nltk.replace(".", "")}`;
  return opts.tokenizer === "whitespace" ? `whitespace-${nltk}` : nltk;
}

/** The lexical part, e.g. "lex-1+nltk35+sw198" (sw198: NLTK's 2025 English list; sw179: the older one). */
export function scorerVersionFor(opts: Partial<LexicalOptions> = {}): string {
  const o = resolveLexicalOptions(opts);
  return `${LEXICAL_VERSION}+${modeToken(o)}+sw${o.stopwords === "old" ? 179 : 198}`;
}

export function formatScorerVersion(input: {
  lexical?: Partial<LexicalOptions>;
  keySha256?: string | null;
  judge?: JudgePart | null;
}): string {
  const lexical = withAnswerKey(scorerVersionFor(input.lexical), input.keySha256 ?? null);
  return input.judge ? withJudge(lexical, input.judge) : lexical;
}

export function parseScorerVersion(version: string | null | undefined): ParsedScorerVersion | null {
  const m = version ? GRAMMAR.exec(version) : null;
  if (!m) return null;
  const legacy = m[2] as "nltk" | "whitespace" | undefined;
  const tokenizer = legacy ?? (m[3] ? "whitespace" : "nltk");
  const nltk: NltkVersion = legacy ? "3.8" : m[4] === "35" ? "3.5" : "3.8";
  return {
    lexicalVersion: m[1]!,
    options: { tokenizer, nltk, stopwords: m[5] === "179" ? "old" : "new" },
    legacyMode: Boolean(legacy),
    keyTag: m[6] ?? null,
    judge: m[7] ? { model: m[7], promptVersion: m[8]! } : null,
  };
}

/** Scores against another key are another version. */
export function withAnswerKey(version: string, keySha256: string | null): string {
  return keySha256 ? `${version}${KEY_PART_PREFIX}${answerKeyTag(keySha256)}` : version;
}

export function answerKeyTag(keySha256: string): string {
  return keySha256.slice(0, ANSWER_KEY_TAG_LENGTH).toLowerCase();
}

export function withJudge(version: string, judge: JudgePart): string {
  return `${version}${JUDGE_PART_PREFIX}${judge.model}@${judge.promptVersion}`;
}

export function judgeLabel(judge: JudgePart): string {
  return `${judge.model}@${judge.promptVersion}`;
}

/** Accepts a "<model>@<prompt version>" label or a whole scorer version. */
export function parseJudgeLabel(text: string): JudgePart | null {
  const inVersion = judgePartOf(text);
  if (inVersion) return inVersion;
  const m = /^(.+)@([^@+]+)$/.exec(text);
  return m && !text.includes(JUDGE_PART_PREFIX) ? { model: m[1]!, promptVersion: m[2]! } : null;
}

export function answerKeyTagOf(version: string): string | null {
  return parseScorerVersion(version)?.keyTag ?? null;
}

export function judgePartOf(version: string | null | undefined): JudgePart | null {
  return parseScorerVersion(version)?.judge ?? null;
}

/** For a rollout from one NLTK mode to another. */
export function withLexicalOptions(version: string, opts: Partial<LexicalOptions>): string | null {
  const p = parseScorerVersion(version);
  if (!p) return null;
  return formatScorerVersion({ lexical: { ...p.options, ...opts }, keySha256: p.keyTag, judge: p.judge });
}

export function keyTagLikePattern(keyTag: string): string {
  return `%${KEY_PART_PREFIX}${answerKeyTag(keyTag)}%`;
}

/** Null when this build cannot re-compute the version's numbers. */
export function lexicalOptionsForVersion(version: string): LexicalOptions | null {
  const p = parseScorerVersion(version);
  return p && p.lexicalVersion === LEXICAL_VERSION ? p.options : null;
}

export function hasJudgePart(version: string | null | undefined): boolean {
  return judgePartOf(version) !== null;
}

/** Only the NLTK mode differs: re-scoring needs no judge call, so the worker does it alone. */
export function isNltkModeChange(from: string, to: string): boolean {
  const a = parseScorerVersion(from);
  const b = parseScorerVersion(to);
  if (!a || !b || from === to || a.lexicalVersion !== b.lexicalVersion) return false;
  return withLexicalOptions(from, { nltk: b.options.nltk }) === withLexicalOptions(to, {});
}

export function nltkLabelOf(version: string | null | undefined): string | null {
  const p = parseScorerVersion(version);
  return p ? `NLTK ${p.options.nltk}` : null;
}

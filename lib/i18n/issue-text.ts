import { DETAIL_CODES, ISSUE_CODES, type IssueParams } from "@/lib/scoring/issue-codes";
import { DEFAULT_LOCALE, type Locale } from "./locales";

// Translated from the stable (code, params); unknown codes fall back to English.

type IssueLike = { code?: string; message: string; fix?: string; params?: IssueParams; summary?: boolean };

/** Typed loosely: the keys are built from codes. */
export type ValidationTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
  raw(key: string): unknown;
};

/** Literal JSON snippets, passed as values so the messages need no ICU quoting. */
const CONSTANTS = { rootExample: '{"predictions": [ ... ]}', closers: "} ]" };

const ISSUE_SET = new Set<string>(ISSUE_CODES);
const DETAIL_SET = new Set<string>(DETAIL_CODES);

function neededArguments(raw: string): string[] {
  return [...raw.matchAll(/\{\s*([A-Za-z]\w*)\s*[,}]/g)].map((m) => m[1]!);
}

function format(t: ValidationTranslator, key: string, values: Record<string, string | number>): string | null {
  if (!t.has(key)) return null;
  const raw = t.raw(key);
  if (typeof raw !== "string" || neededArguments(raw).some((a) => !(a in values))) return null;
  return t(key, values);
}

function valuesOf(issue: IssueLike, t: ValidationTranslator): Record<string, string | number> {
  const values: Record<string, string | number> = { ...CONSTANTS, code: issue.code ?? "", ...(issue.params ?? {}) };
  const got = issue.params?.got;
  if (typeof got === "string" && t.has(`kinds.${got}`)) values.gotText = t(`kinds.${got}`);
  const field = issue.params?.field;
  if (typeof field === "string" && t.has(`fieldHints.${field}`)) values.hint = t(`fieldHints.${field}`);
  return values;
}

export function translateIssue(
  issue: IssueLike,
  locale: Locale,
  t: ValidationTranslator,
): { message: string; fix?: string } {
  const english = { message: issue.message, ...(issue.fix ? { fix: issue.fix } : {}) };
  if (locale === DEFAULT_LOCALE || !issue.code || !DETAIL_SET.has(issue.code)) return english;
  const values = valuesOf(issue, t);
  if (issue.summary) return { message: format(t, "summary", values) ?? issue.message };
  if (!ISSUE_SET.has(issue.code)) return { message: format(t, `fields.${issue.code}`, values) ?? issue.message };
  const message = format(t, `issues.${issue.code}.message`, values);
  if (message === null) return english;
  const fix = format(t, `issues.${issue.code}.fix`, values);
  return { message, ...(fix ? { fix } : issue.fix ? { fix: issue.fix } : {}) };
}

export function translateIssues<I extends IssueLike>(
  issues: readonly I[],
  locale: Locale,
  t: ValidationTranslator,
): I[] {
  return issues.map((i) => ({ ...i, ...translateIssue(i, locale, t) }));
}

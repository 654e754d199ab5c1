import type { IssueParams } from "@/lib/scoring/validate";
import { translateIssue, type ValidationTranslator } from "./issue-text";
import { DEFAULT_LOCALE, type Locale } from "./locales";

// A failed server action in the reader's language; English keeps the server's more specific wording.

export type ActionErrorLike = {
  code: string;
  message: string;
  details: ReadonlyArray<{ code?: string; path?: string; message: string; params?: IssueParams }>;
};
export type ErrorsTranslator = { (key: string): string; has(key: string): boolean };

export function actionErrorText(
  err: ActionErrorLike,
  locale: Locale,
  te: ErrorsTranslator,
  tv: ValidationTranslator,
): { form: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const d of err.details) if (d.path) fields[d.path] ??= translateIssue(d, locale, tv).message;
  const form = locale === DEFAULT_LOCALE || !te.has(err.code) ? err.message : te(err.code);
  return { form, fields };
}

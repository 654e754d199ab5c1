import type { IssueParams } from "@/lib/scoring/validate";
import { translateIssue, type ValidationTranslator } from "./issue-text";
import { DEFAULT_LOCALE, type Locale } from "./locales";

// A failed server action (ActionResult's error: AppError code, English message, details) in the
// reader's language: the form-level text is `errors.<code>`, each field's text its detail code
// translated (lib/i18n/issue-text.ts). English keeps the server's own, more specific wording.

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

import { createTranslator, NextIntlClientProvider } from "next-intl";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import { formatter } from "@/lib/i18n/format";
import { translateIssues, type ValidationTranslator } from "@/lib/i18n/issue-text";
import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/load-messages";

// The form's wording that depends on what the visitor did (a file, the server's answer): loaded
// with the first file or submit, with the translation library, not with the page (issue 46).

type Loose = ValidationTranslator & { rich: (key: string, values: Record<string, unknown>) => React.ReactNode };

export function submitLazy(locale: Locale, messages: Partial<Messages>) {
  const all = createTranslator({ locale, messages: messages as Messages }) as unknown as Loose;
  const t = (key: string, values?: Record<string, string | number>) => all(`submit.${key}`, values);
  const tv = createTranslator({ locale, messages: messages as Messages, namespace: "validation" });
  const f = formatter(locale);
  const shown = (issues: IssueView[]) => translateIssues(issues, locale, tv as unknown as ValidationTranslator);
  return {
    t,
    shown,
    /** The API's English message, or the translation of its error code. */
    errorText(err: { code?: string; message: string } | undefined, status: number): string {
      if (!err) return t("uploadFailed", { status });
      if (locale === "en" || !err.code || !all.has(`errors.${err.code}`)) return err.message;
      return all(`errors.${err.code}`);
    },
    selected: (file: File) =>
      all.rich("submit.selected", {
        name: file.name,
        size: f.bytes(file.size),
        strong: (c: React.ReactNode) => <strong>{c}</strong>,
      }),
    Issues(props: { issues: IssueView[]; title: string; testId?: string }) {
      return (
        <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC" formats={{}}>
          <IssueList {...props} issues={shown(props.issues)} />
        </NextIntlClientProvider>
      );
    },
  };
}
export type SubmitLazy = ReturnType<typeof submitLazy>;

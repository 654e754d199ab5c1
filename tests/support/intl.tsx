import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Components that call useTranslations/useLocale, rendered by a unit test (renderToStaticMarkup)
 * outside Next: `renderToStaticMarkup(<WithIntl locale="zh"><ScoreTables … /></WithIntl>)`.
 */
export function WithIntl({ locale = "en", children }: { locale?: Locale; children?: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === "zh" ? zh : en} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

/** Server-renders components that read messages (next-intl) as the app's layout provides them. */
export function renderIntl(node: ReactNode, locale: "en" | "zh" = "en"): string {
  return renderToStaticMarkup(<NextIntlClientProvider locale={locale} messages={locale === "zh" ? zh : en} timeZone="UTC">{node}</NextIntlClientProvider>);
}

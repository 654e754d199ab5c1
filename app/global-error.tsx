"use client";

import Link from "next/link";
import { createTranslator } from "next-intl";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { HTML_LANG, LOCALE_COOKIE, resolveLocale } from "@/lib/i18n/locales";

// The root layout itself failed (app/error.tsx lives inside it and cannot help). This replaces
// the whole document, without the app's stylesheet or the layout's NextIntlClientProvider, so it
// carries its own minimal styling and its own few messages, in the locale the browser states.
const MESSAGES = { en: { errors: en.errors, common: en.common }, zh: { errors: zh.errors, common: zh.common } };

function browserLocale() {
  if (typeof document === "undefined") return resolveLocale({});
  const cookie = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return resolveLocale({ cookie, acceptLanguage: navigator.languages.join(",") });
}

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const locale = browserLocale();
  const t = createTranslator({ locale, messages: MESSAGES[locale] });
  return (
    <html lang={HTML_LANG[locale]} suppressHydrationWarning>
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "2rem", colorScheme: "light dark" }}>
        <title>{`${t("errors.errorTitle")} · ${t("common.siteName")}`}</title>
        <main role="alert">
          <h1>{t("errors.errorTitle")}</h1>
          <p>
            {t("errors.globalErrorText")}
            {error.digest ? ` ${t("errors.reference", { digest: error.digest })}` : ""}
          </p>
          <button type="button" onClick={retry}>
            {t("errors.retry")}
          </button>{" "}
          <Link href="/">{t("common.backToBoard")}</Link>
        </main>
      </body>
    </html>
  );
}

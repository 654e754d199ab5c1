"use client";

import Link from "next/link";
import { use } from "react";
import { createTranslator } from "next-intl";
import type { Messages } from "@/lib/i18n/load-messages";
import { HTML_LANG, LOCALE_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locales";

// The root layout itself failed, so this replaces the whole document with its own styling and messages.
// Every page ships this boundary, so the message files (~50 KB compressed) load only when it renders (issue 46).
type ErrorMessages = Pick<Messages, "errors" | "common">;
const loaded = new Map<Locale, Promise<ErrorMessages>>();
function messagesFor(locale: Locale): Promise<ErrorMessages> {
  const p =
    loaded.get(locale) ??
    (locale === "zh" ? import("@/lib/i18n/messages/zh.json") : import("@/lib/i18n/messages/en.json")).then(
      ({ default: m }) => ({ errors: m.errors, common: m.common }) as ErrorMessages,
    );
  loaded.set(locale, p);
  return p;
}

function browserLocale() {
  if (typeof document === "undefined") return resolveLocale({});
  const cookie = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return resolveLocale({ cookie, acceptLanguage: navigator.languages.join(",") });
}

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const locale = browserLocale();
  const t = createTranslator({ locale, messages: use(messagesFor(locale)) });
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

import "server-only";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/i18n/load-messages";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_HEADER, resolveLocale, type Locale } from "@/lib/i18n/locales";

// Its own translator, so the worker can use it outside a request.

/** null, or a locale this build dropped: English. */
export function userLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

export function localeOfHeaders(headers: Headers): Locale {
  const forwarded = headers.get(LOCALE_HEADER);
  if (isLocale(forwarded)) return forwarded;
  return resolveLocale({
    cookie: cookieValue(headers.get("cookie"), LOCALE_COOKIE),
    acceptLanguage: headers.get("accept-language"),
  });
}

export type MailTranslator = Awaited<ReturnType<typeof mailTranslator>>;

export async function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: "mail" });
}

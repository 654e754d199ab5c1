import "server-only";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/i18n/load-messages";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_HEADER, resolveLocale, type Locale } from "@/lib/i18n/locales";

// Mails go out in the recipient's language: User.locale, stored at sign-up and at every password
// sign-in from the locale the visitor was using (the `?lang=` switcher sets a cookie only, so a
// change reaches mails at the next sign-in). Unknown or unset: English. Works outside a request
// (the worker sends event mails), so it builds its own translator instead of next-intl/server's.

/** The stored preference as a locale (null, or a locale this build dropped: English). */
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

/** The active locale of a request from its headers: the proxy's resolved one, else cookie, else Accept-Language. */
export function localeOfHeaders(headers: Headers): Locale {
  const forwarded = headers.get(LOCALE_HEADER);
  if (isLocale(forwarded)) return forwarded;
  return resolveLocale({
    cookie: cookieValue(headers.get("cookie"), LOCALE_COOKIE),
    acceptLanguage: headers.get("accept-language"),
  });
}

export type MailTranslator = Awaited<ReturnType<typeof mailTranslator>>;

/** t() of the `mail` namespace in `locale`. */
export async function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: "mail" });
}

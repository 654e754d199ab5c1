import { HTML_LANG, LOCALE_COOKIE, LOCALES, resolveLocale, type Locale } from "./locales";

/** In the browser: the page's locale (<html lang>), else the cookie's or the browser's; the default on the server. */
export function documentLocale(): Locale {
  if (typeof document === "undefined") return resolveLocale({});
  const fromPage = LOCALES.find((l) => HTML_LANG[l] === document.documentElement.lang);
  if (fromPage) return fromPage;
  const cookie = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return resolveLocale({ cookie, acceptLanguage: navigator.languages.join(",") });
}

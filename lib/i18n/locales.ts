// The one home of the UI's locales, the cookie and query names, and how a request picks its
// locale. Pure: imported by proxy.ts, the request config, the header switcher and tests.

export const LOCALES = ["en", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** next-intl's conventional cookie name; set by proxy.ts when `?lang=` is given. */
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** `?lang=zh` links work without JavaScript and give hreflang alternates real URLs. */
export const LOCALE_QUERY = "lang";
/** The proxy forwards the resolved locale to the render in this request header. */
export const LOCALE_HEADER = "x-h2hmem-locale";
/** One year: the choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** BCP 47 tags for `<html lang>` and hreflang; zh is Simplified Chinese whatever the region. */
export const HTML_LANG: Record<Locale, string> = { en: "en", zh: "zh-Hans" };
/** Each locale's own name, shown in the switcher in that language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", zh: "简体中文" };

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/** The best supported locale of an Accept-Language header (q-values honoured), or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranged = header
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranged) {
    const base = tag.split("-")[0];
    // Any Chinese tag (zh-TW too) gets our Simplified Chinese rather than English.
    if (isLocale(base)) return base;
  }
  return null;
}

/** Resolution order: `?lang=` > cookie > Accept-Language > en. Invalid values are skipped. */
export function resolveLocale(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.query)) return input.query;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** `path?query` with `lang` set to `locale` (other parameters kept): the switcher's links. */
export function hrefWithLocale(pathname: string, search: string, locale: Locale | null): string {
  const params = new URLSearchParams(search);
  params.delete(LOCALE_QUERY);
  if (locale) params.set(LOCALE_QUERY, locale);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The proxy forwards the requested path and query here, for the switcher's fallback and hreflang. */
export const PATH_HEADER = "x-h2hmem-path";

type LocaleSource = { nextUrl: URL; cookies: { get(name: string): { value: string } | undefined }; headers: Headers };

/** The locale of an incoming request (proxy.ts and the page cache key). */
export function localeOfRequest(req: LocaleSource): Locale {
  return resolveLocale({
    query: req.nextUrl.searchParams.get(LOCALE_QUERY),
    cookie: req.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: req.headers.get("accept-language"),
  });
}

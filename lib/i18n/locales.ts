// The one home of the UI's locales and how a request picks one; pure, so proxy.ts can import it.

export const LOCALES = ["en", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** `?lang=zh` links work without JavaScript and give hreflang alternates real URLs. */
export const LOCALE_QUERY = "lang";
export const LOCALE_HEADER = "x-h2hmem-locale";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** zh is Simplified Chinese whatever the region. */
export const HTML_LANG: Record<Locale, string> = { en: "en", zh: "zh-Hans" };
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", zh: "简体中文" };

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

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

export function resolveLocale(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.query)) return input.query;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

export function hrefWithLocale(pathname: string, search: string, locale: Locale | null): string {
  const params = new URLSearchParams(search);
  params.delete(LOCALE_QUERY);
  if (locale) params.set(LOCALE_QUERY, locale);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The requested path and query, for the switcher's fallback and hreflang. */
export const PATH_HEADER = "x-h2hmem-path";

type LocaleSource = { nextUrl: URL; cookies: { get(name: string): { value: string } | undefined }; headers: Headers };

export function localeOfRequest(req: LocaleSource): Locale {
  return resolveLocale({
    query: req.nextUrl.searchParams.get(LOCALE_QUERY),
    cookie: req.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: req.headers.get("accept-language"),
  });
}

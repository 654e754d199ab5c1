import { HTML_LANG, type Locale } from "./locales";

// Scores keep 3 decimals so columns line up in every locale.

const NONE = "–";
const missing = (v: number | null | undefined): v is null | undefined =>
  v === null || v === undefined || Number.isNaN(v);

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function nf(locale: Locale, key: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const k = `n|${locale}|${key}`;
  if (!cache.has(k)) cache.set(k, new Intl.NumberFormat(HTML_LANG[locale], opts));
  return cache.get(k) as Intl.NumberFormat;
}
function df(locale: Locale, key: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `d|${locale}|${key}`;
  // UTC, as the API, CSV and lib/i18n/request.ts use.
  if (!cache.has(k)) cache.set(k, new Intl.DateTimeFormat(HTML_LANG[locale], { timeZone: "UTC", ...opts }));
  return cache.get(k) as Intl.DateTimeFormat;
}
const toDate = (v: Date | string): Date => (typeof v === "string" ? new Date(v) : v);

export type Formatter = ReturnType<typeof formatter>;

export function formatter(locale: Locale) {
  const fixed = (v: number, digits: number) =>
    nf(locale, `f${digits}`, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(v);
  return {
    locale,
    score: (v: number | null | undefined, digits = 3): string => (missing(v) ? NONE : fixed(v, digits)),
    ci: (lo: number | null | undefined, hi: number | null | undefined): string =>
      missing(lo) || missing(hi) ? "" : `[${fixed(lo, 3)}, ${fixed(hi, 3)}]`,
    percent: (v: number | null | undefined, digits = 0): string =>
      missing(v)
        ? NONE
        : nf(locale, `p${digits}`, {
            style: "percent",
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(v),
    integer: (v: number | null | undefined): string =>
      missing(v) ? NONE : nf(locale, "int", { maximumFractionDigits: 0 }).format(v),
    date: (v: Date | string | null | undefined): string =>
      v ? df(locale, "date", { dateStyle: "medium" }).format(toDate(v)) : NONE,
    dateTime: (v: Date | string | null | undefined): string =>
      v ? df(locale, "dateTime", { dateStyle: "medium", timeStyle: "short" }).format(toDate(v)) + " UTC" : NONE,
    /** Binary units, as the upload limits are stated. */
    bytes: (n: number): string => {
      if (n < 1024) return `${fixed(n, 0)} B`;
      if (n < 1024 * 1024) return `${fixed(n / 1024, 1)} KiB`;
      return `${fixed(n / 1024 / 1024, 2)} MiB`;
    },
  };
}

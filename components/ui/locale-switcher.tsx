"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { hrefWithLocale, HTML_LANG, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

// Plain links (a full page load, no JavaScript needed): `?lang=` makes proxy.ts set the cookie,
// and the whole document, <html lang> and the header included, renders in the new locale.

type Props = { current: Locale; label: string };

/** The links for `path`; an empty path (prerendered page) gives relative "?lang=" links the browser resolves. */
export function LocaleLinks({ current, label, path }: Props & { path: string }) {
  const [pathname, search = ""] = path.split("?", 2);
  const href = (l: Locale) => (path === "" ? hrefWithLocale("", "", l) : hrefWithLocale(pathname || "/", search, l));
  return (
    <nav aria-label={label} className="flex items-center gap-2 text-sm" data-testid="locale-switcher">
      {LOCALES.map((l) =>
        l === current ? (
          <span key={l} lang={HTML_LANG[l]} aria-current="true" className="font-semibold">
            {LOCALE_NAMES[l]}
          </span>
        ) : (
          <a key={l} href={href(l)} lang={HTML_LANG[l]} hrefLang={HTML_LANG[l]}>
            {LOCALE_NAMES[l]}
          </a>
        ),
      )}
    </nav>
  );
}

/** Follows client navigations (the layout, and so the header, is not re-rendered by them). */
export function LocaleSwitcher(props: Props) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return <LocaleLinks {...props} path={search ? `${pathname}?${search}` : pathname} />;
}

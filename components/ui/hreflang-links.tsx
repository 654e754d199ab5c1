import { hrefWithLocale, HTML_LANG, LOCALES } from "@/lib/i18n/locales";

export function HreflangLinks({ path, origin }: { path: string; origin: string }) {
  if (!path) return null;
  const [pathname, search = ""] = path.split("?", 2);
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={HTML_LANG[l]} href={origin + hrefWithLocale(pathname, search, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + hrefWithLocale(pathname, search, null)} />
    </>
  );
}

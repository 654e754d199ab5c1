import { headers } from "next/headers";
import { hrefWithLocale, HTML_LANG, LOCALES, PATH_HEADER } from "@/lib/i18n/locales";
import { publicOrigin } from "@/lib/server/leaderboard/share";

/** `<link rel="alternate" hreflang>` for each locale (`?lang=`) and x-default (the plain URL). */
export async function HreflangLinks() {
  const h = await headers();
  const [pathname, search = ""] = (h.get(PATH_HEADER) ?? "/").split("?", 2);
  const origin = publicOrigin(h);
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={HTML_LANG[l]} href={origin + hrefWithLocale(pathname, search, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + hrefWithLocale(pathname, search, null)} />
    </>
  );
}

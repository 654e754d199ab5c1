import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, LOCALE_HEADER, resolveLocale, type Locale } from "./locales";
import { loadMessages } from "./load-messages";

// next-intl's request config (wired by createNextIntlPlugin in next.config.js). No locale in the
// URL: proxy.ts resolves it (?lang= > cookie > Accept-Language > en) and forwards it in
// LOCALE_HEADER. Requests the proxy does not see resolve it here.
export async function requestLocale(): Promise<Locale> {
  const h = await headers();
  const forwarded = h.get(LOCALE_HEADER);
  if (isLocale(forwarded)) return forwarded;
  return resolveLocale({
    cookie: (await cookies()).get(LOCALE_COOKIE)?.value,
    acceptLanguage: h.get("accept-language"),
  });
}

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  // Dates are shown in UTC everywhere (as the API and CSV do), so server and client agree.
  return { locale, messages: await loadMessages(locale), timeZone: "UTC" };
});

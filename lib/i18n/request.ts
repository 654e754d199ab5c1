import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, LOCALE_HEADER, resolveLocale, type Locale } from "./locales";
import { loadMessages } from "./load-messages";

// proxy.ts forwards the locale in LOCALE_HEADER; requests it does not see resolve here.
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
  // UTC everywhere (as the API and CSV), so server and client agree.
  return { locale, messages: await loadMessages(locale), timeZone: "UTC" };
});

import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { hrefWithLocale, localeFromAcceptLanguage, localeOfRequest, resolveLocale } from "@/lib/i18n/locales";

describe("locale resolution", () => {
  it("prefers ?lang=, then the cookie, then Accept-Language, then English", () => {
    expect(resolveLocale({ query: "zh", cookie: "en", acceptLanguage: "en" })).toBe("zh");
    expect(resolveLocale({ query: "fr", cookie: "zh", acceptLanguage: "en" })).toBe("zh");
    expect(resolveLocale({ cookie: "de", acceptLanguage: "zh-CN,zh;q=0.9" })).toBe("zh");
    expect(resolveLocale({ acceptLanguage: "fr-FR" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });

  it("reads Accept-Language by q-value, any Chinese tag meaning zh", () => {
    expect(localeFromAcceptLanguage("fr;q=1, zh-TW;q=0.8, en;q=0.5")).toBe("zh");
    expect(localeFromAcceptLanguage("zh;q=0.2, en-GB;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("zh-Hans-CN")).toBe("zh");
    expect(localeFromAcceptLanguage("zh;q=0, de")).toBeNull();
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
  });

  it("reads a request's query, cookie and header", () => {
    const req = (url: string, headers: Record<string, string>) =>
      new NextRequest(`http://x.example${url}`, { headers });
    expect(localeOfRequest(req("/", { "accept-language": "zh-CN" }))).toBe("zh");
    expect(localeOfRequest(req("/", { "accept-language": "zh-CN", cookie: "NEXT_LOCALE=en" }))).toBe("en");
    expect(localeOfRequest(req("/about?lang=zh", { cookie: "NEXT_LOCALE=en" }))).toBe("zh");
  });

  it("builds switcher links that keep the path and the other parameters", () => {
    expect(hrefWithLocale("/", "", "zh")).toBe("/?lang=zh");
    expect(hrefWithLocale("/entries/abc", "split=dyadic&lang=en&sort=-CD", "zh")).toBe(
      "/entries/abc?split=dyadic&sort=-CD&lang=zh",
    );
    expect(hrefWithLocale("/about", "lang=zh", null)).toBe("/about");
  });
});

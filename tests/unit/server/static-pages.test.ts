// Issue 17, point 5: the prerendered pages' routing rules. proxy.ts must hold its matcher as a
// literal (Next reads it at build time), so this test keeps it equal to the one derived from
// lib/static-pages.mjs; and the conditions that send a request to the per-request render must
// cover every way lib/i18n/locales.ts could pick a locale other than the copy's English.
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { LOCALE_COOKIE as I18N_COOKIE, LOCALE_QUERY as I18N_QUERY, LOCALES, resolveLocale } from "@/lib/i18n/locales";
import { contentSecurityPolicy, LOCALE_COOKIE, LOCALE_QUERY, NEEDS_RENDER, proxyMatcher, publicPath, STATIC_PAGES, staticHeaders, staticRewrites } from "@/lib/static-pages.mjs";

/** Next's `value` of a has/missing condition is a regex over the whole value. */
const holds = (c: (typeof NEEDS_RENDER)[number], req: { query?: Record<string, string>; cookies?: Record<string, string>; headers?: Record<string, string> }) => {
  const v = c.type === "query" ? req.query?.[c.key] : c.type === "cookie" ? req.cookies?.[c.key] : req.headers?.[c.key];
  if (v === undefined) return false;
  return !("value" in c) || new RegExp(`^(?:${c.value})$`).test(v);
};
const needsRender = (req: Parameters<typeof holds>[1]) => NEEDS_RENDER.some((c) => holds(c, req));

describe("static pages", () => {
  it("proxy.ts's literal matcher is the derived one", () => {
    expect(config.matcher).toEqual(proxyMatcher());
    const main = new RegExp(`^${proxyMatcher()[0]!.source}$`);
    expect(main.test("/about")).toBe(false);
    for (const p of ["/", "/about/answer-keys", "/entries/x", "/submit"]) expect(main.test(p)).toBe(true);
    for (const p of ["/api/v1/leaderboard", "/_next/static/chunks/a.js"]) expect(main.test(p)).toBe(false);
  });

  it("uses the i18n names, and sends every request that would not resolve to English to the render", () => {
    expect([LOCALE_COOKIE, LOCALE_QUERY]).toEqual([I18N_COOKIE, I18N_QUERY]);
    const languages = ["en", "en-US,en;q=0.9", "zh-CN,zh;q=0.9,en;q=0.8", "en;q=0.5, zh-TW;q=0.9", "fr, ZH", "de", ""];
    for (const acceptLanguage of languages) {
      const english = resolveLocale({ acceptLanguage }) === "en";
      if (!english) expect(needsRender({ headers: { "accept-language": acceptLanguage } }), acceptLanguage).toBe(true);
    }
    expect(needsRender({ headers: { "accept-language": "en-GB,en;q=0.9" } })).toBe(false);
    for (const l of LOCALES) {
      expect(needsRender({ query: { lang: l } })).toBe(true);
      expect(needsRender({ cookies: { NEXT_LOCALE: l } })).toBe(true);
    }
    // Signed in: the header shows the account, which only the per-request render knows.
    expect(needsRender({ cookies: { "authjs.session-token": "x" } })).toBe(true);
    expect(needsRender({ cookies: { "__Secure-authjs.session-token": "x" } })).toBe(true);
    expect(needsRender({})).toBe(false);
  });

  it("rewrites and heads the copy under the same conditions, with a nonce-free CSP", () => {
    expect(staticRewrites()).toEqual(STATIC_PAGES.map((p) => ({ source: p.path, destination: p.prerendered, missing: NEEDS_RENDER })));
    const [h] = staticHeaders();
    expect(h!.missing).toBe(NEEDS_RENDER);
    const csp = h!.headers.find((x) => x.key === "Content-Security-Policy")!.value;
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy({ nonce: "abc" })).toContain("'nonce-abc' 'strict-dynamic'");
    expect(contentSecurityPolicy({ nonce: "abc" }).split("; ").find((d) => d.startsWith("script-src"))).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
  });

  it("links name a prerendered copy by its public URL, never by the copy's own route", () => {
    for (const p of STATIC_PAGES) expect(publicPath(p.prerendered)).toBe(p.path);
    expect(publicPath("/entries/abc")).toBe("/entries/abc");
  });
});

// Issue 17, point 5: the prerendered pages' routing rules. proxy.ts must hold its matcher as a
// literal (Next reads it at build time), so this test keeps it equal to the one derived from
// lib/static-pages.mjs; next.config.js's rewrites and proxy.ts's matcher must split every request
// between them (exactly one of the two), and a rewrite must pick the copy of the locale
// lib/i18n/locales.ts would resolve, and only for a signed-out visitor: its public/ file for a
// plain document GET, its route (flight data, actions) for anything else.
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { LOCALE_COOKIE as I18N_COOKIE, LOCALE_QUERY as I18N_QUERY, LOCALES, resolveLocale } from "@/lib/i18n/locales";
import {
  contentSecurityPolicy,
  COPIES_DIR,
  copyFile,
  LOCALE_COOKIE,
  LOCALE_QUERY,
  NEEDS_PROXY,
  prerenderedCopy,
  prerenderedPath,
  proxyMatcher,
  publicPath,
  STATIC_LOCALES,
  STATIC_PAGES,
  STATIC_ROUTES,
  staticHeaders,
  staticRewrites,
} from "@/lib/static-pages.mjs";

type Cond = { type: string; key: string; value?: string };
type Req = { query?: Record<string, string>; cookies?: Record<string, string>; headers?: Record<string, string> };

/** Next's matchHas: an empty value counts as absent; `value` is a regex over the whole value. */
const holds = (c: Cond, req: Req) => {
  const v = c.type === "query" ? req.query?.[c.key] : c.type === "cookie" ? req.cookies?.[c.key] : req.headers?.[c.key];
  if (!v) return false;
  return c.value === undefined || new RegExp(`^${c.value}$`).test(v);
};
const applies = (r: { has?: readonly Cond[]; missing?: readonly Cond[] }, req: Req) => (r.has ?? []).every((c) => holds(c, req)) && !(r.missing ?? []).some((c) => holds(c, req));

// Every combination that matters: ?lang=, the locale cookie, Accept-Language, a session cookie.
const LANGS = [undefined, "en", "zh", "fr", ""];
const COOKIES = [undefined, "en", "zh", "fr", ""];
const ACCEPTS = [
  ...[undefined, "en-US,en;q=0.9", "zh-CN,zh;q=0.9,en;q=0.8", "en;q=0.5, zh-TW;q=0.9", "fr, ZH", "de"],
  // Chinese first as browsers send it (next.config.js decides), and forms only the proxy resolves.
  ...["zh", "ZH-cn, en;q=1.0", "zh-Hant-TW,zh;q=0.9,*;q=0.5", "zh-CN,en;q=1", "zh-CN, en;q=1.5", "zh-CN,en;q=2", "zh;q=0.5,en", "zh;q=1,en", "zh-CN;level=1", "zh-CN,en;q=0.8;x=1", "zh_CN,en", "zh-CN,en;q=0.1"],
];
const SESSIONS = [undefined, "authjs.session-token", "__Secure-authjs.session-token", "authjs.session-token.0"];
// A plain document GET, and what is not one: a client navigation's RSC fetch, a prefetch, a server
// action, a form post without JavaScript.
const KINDS: Array<Record<string, string>> = [{}, { rsc: "1" }, { rsc: "1", "next-router-prefetch": "1" }, { "next-action": "abc", "content-type": "text/plain;charset=UTF-8" }, { "content-type": "multipart/form-data; boundary=x" }];
const requests = LANGS.flatMap((lang) =>
  COOKIES.flatMap((cookie) =>
    ACCEPTS.flatMap((accept) =>
      SESSIONS.flatMap((session) =>
        KINDS.map((kind): Req & { resolved: string; signedIn: boolean; asked: boolean; document: boolean } => ({
          ...(lang !== undefined ? { query: { lang } } : {}),
          cookies: { ...(cookie !== undefined ? { NEXT_LOCALE: cookie } : {}), ...(session ? { [session]: "x" } : {}) },
          headers: { ...kind, ...(accept !== undefined ? { "accept-language": accept } : {}) },
          resolved: resolveLocale({ query: lang, cookie, acceptLanguage: accept }),
          signedIn: Boolean(session),
          asked: Boolean(lang),
          document: Object.keys(kind).length === 0,
        })),
      ),
    ),
  ),
);
const BUILD = "b1d";
type Rule = { source: string; destination: string; has?: readonly Cond[]; missing?: readonly Cond[] };
const { beforeFiles, afterFiles } = staticRewrites(BUILD) as { beforeFiles: Rule[]; afterFiles: Rule[] };
/** Next's beforeFiles: the first rule that applies rewrites, later ones see its destination (all exist here). */
const rewrite = (path: string, req: Req) => beforeFiles.find((r) => r.source === path && applies(r, req))?.destination ?? null;

describe("static pages", () => {
  it("proxy.ts's literal matcher is the derived one", () => {
    expect(config.matcher).toEqual(proxyMatcher());
    const main = new RegExp(`^${proxyMatcher()[0]!.source}$`);
    expect(main.test("/about")).toBe(false);
    for (const p of ["/", "/about/answer-keys", "/entries/x", "/submit", "/static-pages/zh/about", "/icon.svg"]) expect(main.test(p)).toBe(true);
    for (const p of ["/api/v1/leaderboard", "/_next/static/chunks/a.js", copyFile(STATIC_PAGES[0], "zh", BUILD)]) expect(main.test(p)).toBe(false);
  });

  it("uses the i18n names and locales", () => {
    expect([LOCALE_COOKIE, LOCALE_QUERY]).toEqual([I18N_COOKIE, I18N_QUERY]);
    expect([...STATIC_LOCALES]).toEqual([...LOCALES]);
  });

  it("routes every request either by a rewrite or through the proxy, never both, never neither", () => {
    const proxied = proxyMatcher().filter((m) => m.source === "/about");
    expect(requests.length).toBeGreaterThan(2000);
    for (const req of requests) {
      const rw = rewrite("/about", req);
      const px = proxied.some((m) => applies(m as { has?: readonly Cond[]; missing?: readonly Cond[] }, req));
      expect((rw ? 1 : 0) + (px ? 1 : 0), JSON.stringify(req)).toBe(1);
      if (rw) {
        // A rewrite only for a signed-out visitor without ?lang=, to the locale the render would
        // pick: its file for a document, its route for anything else (RSC must never get HTML).
        expect(req.signedIn || req.asked, JSON.stringify(req)).toBe(false);
        expect(rw, JSON.stringify(req)).toBe(req.document ? `/${COPIES_DIR}/${BUILD}/${req.resolved}/about.html` : `/static-pages/${req.resolved}/about`);
      }
    }
    // The common cases, by name.
    const route = (req: Req) => rewrite("/about", req) ?? "proxy";
    expect(route({})).toBe("/prerendered/b1d/en/about.html");
    expect(route({ headers: { "accept-language": "en-GB,en;q=0.9" } })).toBe("/prerendered/b1d/en/about.html");
    expect(route({ cookies: { NEXT_LOCALE: "zh" } })).toBe("/prerendered/b1d/zh/about.html");
    expect(route({ cookies: { NEXT_LOCALE: "zh" }, headers: { rsc: "1" } })).toBe("/static-pages/zh/about");
    expect(route({ cookies: { NEXT_LOCALE: "en" }, headers: { "accept-language": "zh-CN" } })).toBe("/prerendered/b1d/en/about.html");
    expect(route({ headers: { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" } })).toBe("/prerendered/b1d/zh/about.html");
    expect(route({ headers: { "accept-language": "en-US,zh;q=0.9" } })).toBe("proxy");
    expect(route({ headers: { "accept-language": "zh-CN,en;q=2" } })).toBe("proxy");
    expect(route({ query: { lang: "zh" } })).toBe("proxy");
    expect(route({ cookies: { NEXT_LOCALE: "zh", "authjs.session-token": "x" } })).toBe("proxy");
  });

  it("a document the proxy rewrote to a copy's route gets its file; without the file, the route", () => {
    for (const p of STATIC_PAGES) {
      for (const l of STATIC_LOCALES) {
        expect(rewrite(prerenderedPath(p, l), {})).toBe(copyFile(p, l, BUILD));
        for (const headers of KINDS.slice(1)) expect(rewrite(prerenderedPath(p, l), { headers })).toBeNull();
        // afterFiles: a file that is not there (next dev, a build without the copy step).
        expect(afterFiles.find((r) => r.source === copyFile(p, l, BUILD))?.destination).toBe(prerenderedPath(p, l));
      }
    }
    expect(afterFiles).toHaveLength(STATIC_PAGES.length * STATIC_LOCALES.length);
    // Another build's id names other files.
    expect(copyFile(STATIC_PAGES[0], "en", "other")).not.toBe(copyFile(STATIC_PAGES[0], "en", BUILD));
  });

  it("the proxy rewrites a signed-out visitor to the copy of the resolved locale, a signed-in one nowhere", () => {
    for (const req of requests) {
      const copy = prerenderedCopy("/about", req.resolved, (name) => Boolean(req.cookies?.[name]));
      expect(copy, JSON.stringify(req)).toBe(req.signedIn ? null : `/static-pages/${req.resolved}/about`);
    }
    expect(prerenderedCopy("/about/answer-keys", "zh", () => false)).toBeNull();
    expect(prerenderedCopy("/", "en", () => false)).toBeNull();
  });

  it("heads the copies under the rewrites' conditions, with a nonce-free CSP", () => {
    const heads = staticHeaders() as Array<{ source: string; has?: readonly Cond[]; missing?: readonly Cond[]; headers: Array<{ key: string; value: string }> }>;
    // One rule per case STATIC_ROUTES decides (the file and the route share it), and the files themselves.
    const routeRules = beforeFiles.filter((r) => r.source === "/about" && r.destination.startsWith("/static-pages/"));
    expect(routeRules).toHaveLength(STATIC_PAGES.length * STATIC_ROUTES.length);
    expect(heads.slice(0, -1).map(({ source, has, missing }) => ({ source, has, missing }))).toEqual(routeRules.map(({ source, has, missing }) => ({ source, has, missing })));
    expect(heads.at(-1)!.source).toBe(`/${COPIES_DIR}/:path*`);
    expect(heads.at(-1)!.headers).toEqual(heads[0]!.headers);
    expect(heads[0]!.headers.find((x) => x.key === "Vary")?.value).toContain("rsc");
    expect(NEEDS_PROXY.length).toBeGreaterThan(0);
    const csp = heads[0]!.headers.find((x) => x.key === "Content-Security-Policy")!.value;
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(heads[0]!.headers.find((x) => x.key === "X-Frame-Options")?.value).toBe("DENY");
    expect(contentSecurityPolicy({ nonce: "abc" })).toContain("'nonce-abc' 'strict-dynamic'");
    expect(contentSecurityPolicy({ nonce: "abc" }).split("; ").find((d) => d.startsWith("script-src"))).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
  });

  it("links name a prerendered copy by its public URL, never by the copy's own route", () => {
    for (const p of STATIC_PAGES) for (const l of LOCALES) expect(publicPath(prerenderedPath(p, l))).toBe(p.path);
    expect(publicPath("/entries/abc")).toBe("/entries/abc");
    expect(publicPath("/static-pages/fr/about")).toBe("/static-pages/fr/about");
  });
});

import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/server/env";
import { recordPageRequest } from "@/lib/server/metrics/pages";
import { cachedPage, isPageCacheRender, markRenderResponse, pageCacheBypass, pageCacheKey } from "@/lib/server/leaderboard/page-cache";
import { NONCE_HEADER } from "@/lib/server/csp-nonce";
import { contentSecurityPolicy as sharedCsp, prerenderedCopy, publicPath, SECURITY_HEADERS, staticResponseHeaders } from "@/lib/static-pages.mjs";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_HEADER, LOCALE_QUERY, PATH_HEADER, isLocale, localeOfRequest } from "@/lib/i18n/locales";

// Scripts run only with this response's nonce ('strict-dynamic' lets them load Next's chunks):
// Next reads the nonce from the request's CSP header and puts it on its own scripts, the root
// layout on the theme script (docs/SECURITY.md). The directives live in lib/static-pages.mjs with
// the prerendered pages' nonce-free variant. GitHub (or GITHUB_URL) is allowed as a form target
// for the OAuth redirect.
export function contentSecurityPolicy(dev: boolean, nonce: string): string {
  return sharedCsp({ dev, nonce, formTargets: [env.GITHUB_URL ? new URL(env.GITHUB_URL).origin : "https://github.com"] });
}

// Next 16 "proxy" (formerly middleware): response hardening, and the one-second micro-cache of
// anonymous board and entry pages (lib/server/leaderboard/page-cache.ts). Authorization is decided on the
// server in every page, action and route handler, never by this file.
export async function proxy(req: NextRequest): Promise<Response> {
  // The UI locale (?lang= > cookie > Accept-Language > en), resolved once for the render.
  const locale = localeOfRequest(req);
  // A static page's URL that next.config.js could not route (Accept-Language, ?lang=, an odd
  // cookie): a signed-out visitor gets the prerendered copy of their locale (lib/static-pages.mjs),
  // with the copies' nonce-free CSP; no render, no cache lookup (a document GET of the copy's route
  // is then answered from its public/ file by a next.config.js rewrite).
  const copy = prerenderedCopy(req.nextUrl.pathname, locale, (name) => req.cookies.has(name));
  if (copy) return staticCopy(req, copy);
  // A copy's own route asked for directly (nothing links there): it is the same build output, so
  // it gets the copies' headers too (under the nonce CSP its inline scripts would not run).
  if (publicPath(req.nextUrl.pathname) !== req.nextUrl.pathname) return withStaticHeaders(NextResponse.next());
  // Not in development, where every edit must show at once.
  const enabled = env.NODE_ENV === "production";
  const key = enabled ? pageCacheKey(req) : null;
  const cached = key ? await cachedPage(req, key) : null;
  // A fresh nonce per render. An answer from the micro-cache keeps the CSP of the render it
  // replays (its scripts carry that render's nonce).
  const nonce = randomBytes(16).toString("base64");
  const csp = contentSecurityPolicy(env.NODE_ENV !== "production", nonce);
  const forward = new Headers(req.headers);
  forward.set(NONCE_HEADER, nonce);
  forward.set("content-security-policy", csp);
  forward.set(LOCALE_HEADER, locale);
  forward.set(PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  const res = cached || NextResponse.next({ request: { headers: forward } });
  markRenderResponse(req, res);
  // Page metrics (lib/server/metrics/pages.ts). The loopback render of a miss is not a request of
  // its own (the miss was counted). The status is only known for answers from the cache: for
  // NextResponse.next() Next renders after this function returns.
  if (!isPageCacheRender(req)) {
    const state = cached?.headers.get("x-page-cache") === "hit" ? "hit" : "miss";
    const reason = (enabled ? pageCacheBypass(req) : "disabled") ?? "uncacheable";
    recordPageRequest({ pathname: req.nextUrl.pathname, method: req.method, ...(cached ? { cache: state, status: cached.status } : { cache: "bypass", reason, status: null }) });
  }
  rememberLocale(req, res);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, v);
  if (!cached?.headers.has("content-security-policy")) res.headers.set("Content-Security-Policy", csp);
  return res;
}

function staticCopy(req: NextRequest, copy: string): Response {
  const res = NextResponse.rewrite(new URL(copy, req.url));
  recordPageRequest({ pathname: req.nextUrl.pathname, method: req.method, cache: "bypass", reason: "prerendered", status: null });
  rememberLocale(req, res);
  return withStaticHeaders(res);
}

function withStaticHeaders(res: NextResponse): NextResponse {
  for (const [k, v] of Object.entries(staticResponseHeaders({ dev: env.NODE_ENV !== "production" }))) res.headers.set(k, v);
  return res;
}

// `?lang=` is the no-JavaScript switcher: remember the choice (only when it changes, so the
// page cache's own render, which carries the cookie, stays cacheable).
function rememberLocale(req: NextRequest, res: Response): void {
  const asked = req.nextUrl.searchParams.get(LOCALE_QUERY);
  if (isLocale(asked) && req.cookies.get(LOCALE_COOKIE)?.value !== asked) {
    res.headers.append("set-cookie", `${LOCALE_COOKIE}=${asked}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`);
  }
}

// API routes are excluded: with a proxy in front, Next buffers request bodies only up to
// proxyClientMaxBodySize (10 MB) and would truncate prediction uploads (up to 2 x 20 MB).
// Prerendered pages (lib/static-pages.mjs) are excluded unless next.config.js cannot route the
// request to a copy by itself (NEEDS_PROXY), and so are the copies' files (public/prerendered/).
// Next reads this literal at build time (no calls allowed): it must equal proxyMatcher(), which tests/unit/server/static-pages.test.ts checks.
export const config = {
  matcher: [
    { source: "/((?!api/|_next/static|_next/image|favicon.ico|prerendered/|about$).*)" },
    { source: "/about", has: [{ type: "query", key: "lang" }] },
    { source: "/about", has: [{ type: "cookie", key: "authjs.session-token" }] },
    { source: "/about", has: [{ type: "cookie", key: "authjs.session-token.0" }] },
    { source: "/about", has: [{ type: "cookie", key: "__Secure-authjs.session-token" }] },
    { source: "/about", has: [{ type: "cookie", key: "__Secure-authjs.session-token.0" }] },
    { source: "/about", has: [{ type: "cookie", key: "NEXT_LOCALE", value: "(?!(?:en|zh)$).*" }] },
    {
      source: "/about",
      has: [{ type: "header", key: "accept-language", value: ".*[Zz][Hh].*" }],
      missing: [
        { type: "cookie", key: "NEXT_LOCALE" },
        {
          type: "header",
          key: "accept-language",
          value: "\\s*[Zz][Hh](?:-[A-Za-z0-9]{1,8})*\\s*(?:,\\s*(?:[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\\*)\\s*(?:;\\s*[Qq]=(?:0(?:\\.[0-9]{0,3})?|1(?:\\.0{0,3})?)\\s*)?)*",
        },
      ],
    },
  ],
};

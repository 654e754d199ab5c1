// Pages without request, user or database data, prerendered once and answered at static speed:
// next.config.js rewrites the public URL to the prerendered copy, and proxy.ts does not run for it
// (its matcher), only for the visitors the copy does not fit. Plain ESM, so next.config.js can read it.
// The copy is English and signed out (force-static renders the root layout with empty headers and
// cookies), so a request gets it only when nothing asks for more: no `?lang=`, no locale cookie,
// no Chinese in Accept-Language (lib/i18n/locales.ts resolves to English then) and no Auth.js
// session cookie (the signed-in header stays on dynamic pages). All others go through the proxy.

/** Public URL -> the route of its prerendered copy (app/static-pages/...). */
export const STATIC_PAGES = [{ path: "/about", prerendered: "/static-pages/about" }];

/**
 * The public URL of a page's path: a prerendered copy is served under its public URL, but the
 * client router (usePathname) reports the copy's route, which must never be linked to.
 * @param {string} pathname
 */
export function publicPath(pathname) {
  return STATIC_PAGES.find((p) => p.prerendered === pathname)?.path ?? pathname;
}

export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_QUERY = "lang";
// Auth.js v5 session cookies (http and https names; a large JWT is split into .0, .1, ...).
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"].flatMap((n) => [n, `${n}.0`]);

/** Conditions (Next `has` form) under which the request needs the per-request render. */
export const NEEDS_RENDER = [
  { type: "query", key: LOCALE_QUERY },
  { type: "cookie", key: LOCALE_COOKIE },
  { type: "header", key: "accept-language", value: ".*[Zz][Hh].*" },
  ...SESSION_COOKIES.map((key) => ({ type: "cookie", key })),
];

/**
 * The CSP of every page. Dynamic pages: scripts only with the render's nonce ('strict-dynamic'
 * lets them load Next's chunks). Prerendered pages (nonce null): no nonce exists at build time, so
 * inline scripts are allowed ('unsafe-inline'), which is sound only because their HTML holds
 * nothing from a request, a user or the database (docs/SECURITY.md, "Static pages").
 * @param {{ dev?: boolean, nonce?: string | null, formTargets?: string[] }} [opts]
 */
export function contentSecurityPolicy({ dev = false, nonce = null, formTargets = [] } = {}) {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}` : `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formTargets.map((t) => ` ${t}`).join("")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The hardening headers of every page (proxy.ts sets them on dynamic ones, next.config.js on prerendered ones). */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** next.config.js `rewrites().beforeFiles`: the public URL to its copy when no condition holds. */
export function staticRewrites() {
  return STATIC_PAGES.map((p) => ({ source: p.path, destination: p.prerendered, missing: NEEDS_RENDER }));
}

/** next.config.js `headers()`: the copy's CSP and hardening headers, under the same conditions. */
export function staticHeaders({ dev = false } = {}) {
  const headers = [{ key: "Content-Security-Policy", value: contentSecurityPolicy({ dev }) }, ...Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value }))];
  return STATIC_PAGES.map((p) => ({ source: p.path, missing: NEEDS_RENDER, headers }));
}

/** proxy.ts `config.matcher`: every page, except a static page's URL when no condition holds. */
export function proxyMatcher() {
  const skip = STATIC_PAGES.map((p) => p.path.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "$");
  return [
    { source: `/((?!api/|_next/static|_next/image|favicon.ico|${skip.join("|")}).*)` },
    ...STATIC_PAGES.flatMap((p) => NEEDS_RENDER.map((c) => ({ source: p.path, has: [c] }))),
  ];
}

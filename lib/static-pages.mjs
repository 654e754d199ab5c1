// Pages without request, user or database data, prerendered once per locale and answered at
// static speed (docs/ARCHITECTURE.md lists every page and why the others are not). Plain ESM, so
// next.config.js can read it. The copies live at /static-pages/<locale>/<segment>
// (app/(static)/static-pages/[locale]/[page]): English and Chinese, both signed out. A request
// for the public URL is routed without running proxy.ts where next.config.js can decide it:
//   - `NEXT_LOCALE=zh` (or `=en`) cookie, no `?lang=`, no session cookie: that locale's copy;
//   - no cookie, no `?lang=`, no Chinese in Accept-Language, no session cookie: the English copy.
// Every other request runs proxy.ts (its matcher has the complementary conditions): a signed-out
// visitor (no session cookie) is rewritten there to the copy of the locale lib/i18n/locales.ts
// resolves (Accept-Language, `?lang=`, whose cookie the proxy sets); a signed-in one gets the
// per-request render, whose header shows the account.

/** Each data-free page: its public URL and the `[page]` segment of its prerendered copies. */
export const STATIC_PAGES = /** @type {const} */ ([{ path: "/about", segment: "about" }]);

export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_QUERY = "lang";
/** The locales with a prerendered copy (lib/i18n/locales.ts LOCALES; the unit test keeps them equal). */
export const STATIC_LOCALES = /** @type {const} */ (["en", "zh"]);

/**
 * The route of a page's prerendered copy in `locale`.
 * @param {{ segment: string }} page
 * @param {string} locale
 */
export function prerenderedPath(page, locale) {
  return `/static-pages/${locale}/${page.segment}`;
}

/** @param {string} segment */
export function staticPageOf(segment) {
  return STATIC_PAGES.find((p) => p.segment === segment) ?? null;
}

/**
 * The public URL of a page's path: a prerendered copy is served under its public URL, but the
 * client router (usePathname) may report the copy's route, which must never be linked to.
 * @param {string} pathname
 */
export function publicPath(pathname) {
  const m = /^\/static-pages\/([^/]+)\/([^/]+)$/.exec(pathname);
  return (m && STATIC_LOCALES.some((l) => l === m[1]) && staticPageOf(m[2])?.path) || pathname;
}

/**
 * The prerendered copy for a request of `pathname` in `locale` that proxy.ts may rewrite to, or
 * null: not a static page, or the visitor holds a session cookie (signed in).
 * @param {string} pathname
 * @param {string} locale
 * @param {(name: string) => boolean} hasCookie
 */
export function prerenderedCopy(pathname, locale, hasCookie) {
  const page = STATIC_PAGES.find((p) => p.path === pathname);
  if (!page || !STATIC_LOCALES.some((l) => l === locale) || SESSION_COOKIES.some(hasCookie)) return null;
  return prerenderedPath(page, locale);
}

// Auth.js v5 session cookies (http and https names; a large JWT is split into .0, .1, ...).
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"].flatMap((n) => [n, `${n}.0`]);
const SESSION_MISSING = SESSION_COOKIES.map((key) => ({ type: "cookie", key }));
const ACCEPT_ZH = { type: "header", key: "accept-language", value: ".*[Zz][Hh].*" };
const QUERY = { type: "query", key: LOCALE_QUERY };
const COOKIE = { type: "cookie", key: LOCALE_COOKIE };

/**
 * The cases next.config.js routes to a copy by itself (Next `has`/`missing` conditions, all of
 * which must hold), mutually exclusive. Whatever none of them covers runs proxy.ts.
 */
export const STATIC_ROUTES = [
  ...STATIC_LOCALES.map((locale) => ({ locale, has: [{ ...COOKIE, value: locale }], missing: [QUERY, ...SESSION_MISSING] })),
  { locale: "en", has: [], missing: [QUERY, COOKIE, ACCEPT_ZH, ...SESSION_MISSING] },
];

/**
 * When proxy.ts runs for a static page's URL: the complement of STATIC_ROUTES, as Next matcher
 * entries (any one suffices): `?lang=`, a session cookie, a locale cookie that is no locale, or no
 * locale cookie and Chinese in Accept-Language.
 */
export const NEEDS_PROXY = [
  { has: [QUERY] },
  ...SESSION_COOKIES.map((key) => ({ has: [{ type: "cookie", key }] })),
  { has: [{ ...COOKIE, value: `(?!(?:${STATIC_LOCALES.join("|")})$).*` }] },
  { has: [ACCEPT_ZH], missing: [COOKIE] },
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

/** next.config.js `rewrites().beforeFiles`: the public URL to a copy in the cases STATIC_ROUTES decides. */
export function staticRewrites() {
  return STATIC_PAGES.flatMap((p) => STATIC_ROUTES.map((r) => ({ source: p.path, destination: prerenderedPath(p, r.locale), ...conditions(r) })));
}

/** next.config.js `headers()`: the copies' CSP and hardening headers, under the same conditions. */
export function staticHeaders({ dev = false } = {}) {
  const headers = Object.entries(staticResponseHeaders({ dev })).map(([key, value]) => ({ key, value }));
  return STATIC_PAGES.flatMap((p) => STATIC_ROUTES.map((r) => ({ source: p.path, ...conditions(r), headers })));
}

/** The response headers of a prerendered copy (next.config.js, and proxy.ts when it rewrites to one). */
export function staticResponseHeaders({ dev = false } = {}) {
  return { "Content-Security-Policy": contentSecurityPolicy({ dev }), ...SECURITY_HEADERS };
}

/** proxy.ts `config.matcher`: every page, and a static page's URL only in the NEEDS_PROXY cases. */
export function proxyMatcher() {
  const skip = STATIC_PAGES.map((p) => p.path.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "$");
  return [
    { source: `/((?!api/|_next/static|_next/image|favicon.ico|${skip.join("|")}).*)` },
    ...STATIC_PAGES.flatMap((p) => NEEDS_PROXY.map((c) => ({ source: p.path, ...conditions(c) }))),
  ];
}

/** @typedef {{ type: string, key: string, value?: string }} Cond */
/** @param {{ has?: readonly Cond[], missing?: readonly Cond[] }} c  Next's form: empty lists left out. */
function conditions(c) {
  return { ...(c.has?.length ? { has: c.has } : {}), ...(c.missing?.length ? { missing: c.missing } : {}) };
}

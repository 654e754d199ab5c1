// Pages without request, user or database data, prerendered once per locale and answered at
// static speed (docs/ARCHITECTURE.md lists every page and why the others are not). Plain ESM, so
// next.config.js can read it. The copies live at /static-pages/<locale>/<segment>
// (app/(static)/static-pages/[locale]/[page]): English and Chinese, both signed out. A request
// for the public URL is routed without running proxy.ts where next.config.js can decide it:
//   - `NEXT_LOCALE=zh` (or `=en`) cookie, no `?lang=`, no session cookie: that locale's copy;
//   - no cookie, no `?lang=`, no Chinese in Accept-Language, no session cookie: the English copy;
//   - no cookie, no `?lang=`, Chinese first in Accept-Language as browsers send it, no session
//     cookie: the Chinese copy.
// Every other request runs proxy.ts (its matcher has the complementary conditions): a signed-out
// visitor (no session cookie) is rewritten there to the copy of the locale lib/i18n/locales.ts
// resolves (Accept-Language, `?lang=`, whose cookie the proxy sets); a signed-in one gets the
// per-request render, whose header shows the account.
// A plain document GET of a copy is answered with the copy's HTML as a static file: after `next
// build`, scripts/build/static-copies.mjs puts it in public/prerendered/<build id>/, which Next
// serves like any public/ file (no render path, no per-request ETag hash of the body:
// docs/BENCHMARKS.md). RSC fetches, server actions and form posts keep Next's route.

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

/** The folder under public/ that holds the copies' HTML files (gitignored, written after the build). */
export const COPIES_DIR = "prerendered";

/**
 * The public/ file (and URL) of a copy's HTML. The build id is in the path, so a file left by an
 * earlier build is never served: its rewrite names this build's file or falls back to the route.
 * @param {{ segment: string }} page
 * @param {string} locale
 * @param {string} buildId
 */
export function copyFile(page, locale, buildId) {
  return `/${COPIES_DIR}/${buildId}/${locale}/${page.segment}.html`;
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
// Chinese first, as browsers send it ("zh-CN,zh;q=0.9,en;q=0.8"): a first tag zh without parameters
// (q=1) and no later q above 1, so lib/i18n/locales.ts resolves zh. Any other form of the header
// goes to proxy.ts, which resolves it exactly; the unit test checks both against resolveLocale.
const TAG = "(?:[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\\*)";
const ZH_FIRST = { type: "header", key: "accept-language", value: `\\s*[Zz][Hh](?:-[A-Za-z0-9]{1,8})*\\s*(?:,\\s*${TAG}\\s*(?:;\\s*[Qq]=(?:0(?:\\.[0-9]{0,3})?|1(?:\\.0{0,3})?)\\s*)?)*` };
const QUERY = { type: "query", key: LOCALE_QUERY };
const COOKIE = { type: "cookie", key: LOCALE_COOKIE };
// What a plain document GET never sends: the file answers only those. An RSC fetch (client
// navigation, prefetch) must get the copy's flight data, never HTML; an action or form post needs
// the route (a public file answers any method but GET and HEAD with 405).
const NOT_DOCUMENT = ["rsc", "next-action", "content-type"].map((key) => ({ type: "header", key }));

/**
 * The cases next.config.js routes to a copy by itself (Next `has`/`missing` conditions, all of
 * which must hold), mutually exclusive. Whatever none of them covers runs proxy.ts.
 */
export const STATIC_ROUTES = [
  ...STATIC_LOCALES.map((locale) => ({ locale, has: [{ ...COOKIE, value: locale }], missing: [QUERY, ...SESSION_MISSING] })),
  { locale: "en", has: [], missing: [QUERY, COOKIE, ACCEPT_ZH, ...SESSION_MISSING] },
  { locale: "zh", has: [ZH_FIRST], missing: [QUERY, COOKIE, ...SESSION_MISSING] },
];

/**
 * When proxy.ts runs for a static page's URL: the complement of STATIC_ROUTES, as Next matcher
 * entries (any one suffices): `?lang=`, a session cookie, a locale cookie that is no locale, or no
 * locale cookie and Chinese in Accept-Language other than first in the browsers' form.
 */
export const NEEDS_PROXY = [
  { has: [QUERY] },
  ...SESSION_COOKIES.map((key) => ({ has: [{ type: "cookie", key }] })),
  { has: [{ ...COOKIE, value: `(?!(?:${STATIC_LOCALES.join("|")})$).*` }] },
  { has: [ACCEPT_ZH], missing: [COOKIE, ZH_FIRST] },
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

/**
 * next.config.js `rewrites()`. Next tries them in order and stops at the first whose destination
 * exists: in the cases STATIC_ROUTES decides, a document goes to the copy's file, anything else to
 * its route; a document that proxy.ts rewrote to a copy's route goes to its file. When the file is
 * missing (next dev, or `next build` without scripts/build/static-copies.mjs) the rewritten path
 * reaches afterFiles, which sends it to the route: slower, the same page.
 * @param {string} buildId
 */
export function staticRewrites(buildId) {
  const each = STATIC_PAGES.flatMap((p) => STATIC_LOCALES.map((locale) => ({ file: copyFile(p, locale, buildId), route: prerenderedPath(p, locale) })));
  return {
    beforeFiles: [
      ...STATIC_PAGES.flatMap((p) => STATIC_ROUTES.map((r) => ({ source: p.path, destination: copyFile(p, r.locale, buildId), ...conditions({ has: r.has, missing: [...r.missing, ...NOT_DOCUMENT] }) }))),
      ...STATIC_PAGES.flatMap((p) => STATIC_ROUTES.map((r) => ({ source: p.path, destination: prerenderedPath(p, r.locale), ...conditions(r) }))),
      ...each.map((c) => ({ source: c.route, destination: c.file, missing: NOT_DOCUMENT })),
    ],
    afterFiles: each.map((c) => ({ source: c.file, destination: c.route })),
  };
}

/**
 * next.config.js `headers()`: the copies' CSP and hardening headers, on the public URL under the
 * conditions STATIC_ROUTES decides, and on the copies' files asked for directly (proxy.ts skips them).
 */
export function staticHeaders({ dev = false } = {}) {
  const headers = Object.entries(staticResponseHeaders({ dev })).map(([key, value]) => ({ key, value }));
  return [...STATIC_PAGES.flatMap((p) => STATIC_ROUTES.map((r) => ({ source: p.path, ...conditions(r), headers }))), { source: `/${COPIES_DIR}/:path*`, headers }];
}

/**
 * The response headers of a prerendered copy (next.config.js, and proxy.ts when it rewrites to one).
 * Vary as Next's own pages: a cache must not answer a client navigation's RSC fetch with the HTML.
 */
export function staticResponseHeaders({ dev = false } = {}) {
  return { "Content-Security-Policy": contentSecurityPolicy({ dev }), ...SECURITY_HEADERS, Vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch" };
}

/** proxy.ts `config.matcher`: every page, and a static page's URL only in the NEEDS_PROXY cases. */
export function proxyMatcher() {
  const skip = STATIC_PAGES.map((p) => p.path.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "$");
  return [
    { source: `/((?!api/|_next/static|_next/image|favicon.ico|${COPIES_DIR}/|${skip.join("|")}).*)` },
    ...STATIC_PAGES.flatMap((p) => NEEDS_PROXY.map((c) => ({ source: p.path, ...conditions(c) }))),
  ];
}

/** @typedef {{ type: string, key: string, value?: string }} Cond */
/** @param {{ has?: readonly Cond[], missing?: readonly Cond[] }} c  Next's form: empty lists left out. */
function conditions(c) {
  return { ...(c.has?.length ? { has: c.has } : {}), ...(c.missing?.length ? { missing: c.missing } : {}) };
}

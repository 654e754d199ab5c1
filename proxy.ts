import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { env, huggingFaceEnabled } from "@/lib/server/env";
import { recordPageRequest } from "@/lib/server/metrics/pages";
import {
  cachedPage,
  isPageCacheRender,
  markRenderResponse,
  pageCacheBypass,
  pageCacheKey,
} from "@/lib/server/public-cache/page-cache";
import { NONCE_HEADER } from "@/lib/server/csp-nonce";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_HEADER,
  LOCALE_QUERY,
  PATH_HEADER,
  isLocale,
  localeOfRequest,
} from "@/lib/i18n/locales";

// Scripts run only with this response's nonce (docs/SECURITY.md); GitHub is allowed as a form target for the OAuth redirect.
export function contentSecurityPolicy(dev: boolean, nonce: string): string {
  const formTargets = [env.GITHUB_URL ? new URL(env.GITHUB_URL).origin : "https://github.com"];
  // Hugging Face's authorize endpoint is on the issuer's origin.
  if (huggingFaceEnabled()) formTargets.push(new URL(env.HF_ISSUER).origin);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTargets.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

// Authorization is never decided here.
export async function proxy(req: NextRequest): Promise<Response> {
  // Not in development, where every edit must show at once.
  const enabled = env.NODE_ENV === "production";
  const key = enabled ? pageCacheKey(req) : null;
  const cached = key ? await cachedPage(req, key) : null;
  // A cached answer keeps the CSP of the render it replays: its scripts carry that nonce.
  const res = cached?.res ?? passOn(req);
  markRenderResponse(req, res);
  // The status is only known for cached answers: Next renders after this returns.
  if (!isPageCacheRender(req)) {
    const reason = (enabled ? pageCacheBypass(req) : "disabled") ?? "uncacheable";
    recordPageRequest({
      pathname: req.nextUrl.pathname,
      method: req.method,
      ...(cached
        ? { cache: cached.hit ? "hit" : "miss", status: cached.res.status }
        : { cache: "bypass", reason, status: null }),
    });
  }
  rememberLocale(req, res);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, v);
  return res;
}

// To Next's render, with a fresh nonce that the page's scripts carry and the CSP allows.
function passOn(req: NextRequest): Response {
  const nonce = randomBytes(16).toString("base64");
  const csp = contentSecurityPolicy(env.NODE_ENV !== "production", nonce);
  const forward = new Headers(req.headers);
  forward.set(NONCE_HEADER, nonce);
  forward.set("content-security-policy", csp);
  forward.set(LOCALE_HEADER, localeOfRequest(req));
  forward.set(PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  const res = NextResponse.next({ request: { headers: forward } });
  res.headers.set("Content-Security-Policy", csp);
  return res;
}

// Only when the choice changes, so the page cache's own render (with the cookie) stays cacheable.
function rememberLocale(req: NextRequest, res: Response): void {
  const asked = req.nextUrl.searchParams.get(LOCALE_QUERY);
  if (isLocale(asked) && req.cookies.get(LOCALE_COOKIE)?.value !== asked) {
    res.headers.append(
      "set-cookie",
      `${LOCALE_COOKIE}=${asked}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`,
    );
  }
}

// API routes are excluded: with a proxy in front, Next buffers request bodies only up to
// proxyClientMaxBodySize (10 MB) and would truncate prediction uploads.
export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }],
};

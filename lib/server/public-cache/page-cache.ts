import "server-only";
import type { NextRequest } from "next/server";
import { env } from "../env";
import { recordPageRender, type PageBypassReason } from "../metrics/pages";
import { LOCALE_COOKIE, localeOfRequest } from "@/lib/i18n/locales";
import { publicGeneration } from "./generation";

// The render is the whole cost under load: concurrent requests share one, and its copy is replayed
// until the public generation moves, which this process asks (one read) at most once per CHECK_MS.

export const CHECK_MS = 1000;
// For what the generation does not cover (relative dates, the clock): no copy is older than this.
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 200;
/** Marks the proxy's own render request, which must go through to the page. */
export const PAGE_CACHE_RENDER_HEADER = "x-h2hmem-page-render";
export const PAGE_CACHE_ECHO_HEADER = "x-h2hmem-page-rendered-for";
// Proves the loopback answer came from THIS server, not whatever else listens on 127.0.0.1:PORT.
const INSTANCE = crypto.randomUUID();

export function markRenderResponse(req: NextRequest, res: Response): void {
  if (req.headers.get(PAGE_CACHE_RENDER_HEADER) === INSTANCE) res.headers.set(PAGE_CACHE_ECHO_HEADER, INSTANCE);
}

type Cached = {
  at: number;
  generation: bigint;
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
};

const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<Cached | null>>();

// The board, an entry, and the question explorer's list and question pages.
const CACHED_PATH = /^\/(entries\/[^/]+|questions(\/[^/]+){0,4})?$/;
// Other security headers are set again by the proxy; the CSP is the render's own (its nonce).
const KEPT = new Set([
  "content-type",
  "cache-control",
  "vary",
  "link",
  "location",
  "x-robots-tag",
  "content-security-policy",
]);

export const isPageCacheRender = (req: NextRequest): boolean => req.headers.get(PAGE_CACHE_RENDER_HEADER) === INSTANCE;

export function pageCacheBypass(req: NextRequest): PageBypassReason | null {
  if (req.method !== "GET") return "method";
  if (!CACHED_PATH.test(req.nextUrl.pathname)) return "path";
  const h = req.headers;
  if (h.has(PAGE_CACHE_RENDER_HEADER)) return "uncacheable";
  // Visible only with `skipProxyUrlNormalize` (next.config.js); else client navigations got cached HTML.
  if (h.has("rsc") || h.has("next-router-state-tree") || h.has("next-router-prefetch") || h.has("next-action"))
    return "client_nav";
  if (req.nextUrl.searchParams.has("_rsc")) return "client_nav";
  // Plain, __Secure- prefixed or chunked: the header shows the user.
  if (req.cookies.getAll().some((c) => c.name.includes("authjs.session-token"))) return "signed_in";
  return null;
}

export function pageCacheKey(req: NextRequest): string | null {
  if (pageCacheBypass(req)) return null;
  const h = req.headers;
  // The citation URL uses the forwarded host and protocol; en and zh visitors never share a render.
  return `${localeOfRequest(req)} ${h.get("x-forwarded-proto") ?? "http"}://${h.get("x-forwarded-host") ?? h.get("host") ?? ""}${req.nextUrl.pathname}${req.nextUrl.search}`;
}

// null: the database did not answer (then nothing is replayed or stored).
let known: { generation: bigint | null; at: number } = { generation: null, at: -Infinity };
async function currentGeneration(now: number): Promise<bigint | null> {
  if (now - known.at >= CHECK_MS) known = { generation: await publicGeneration().catch(() => null), at: now };
  return known.generation;
}

/** null = render it normally. */
export async function cachedPage(req: NextRequest, key: string): Promise<{ res: Response; hit: boolean } | null> {
  const now = Date.now();
  const generation = await currentGeneration(now);
  const stored = cache.get(key);
  const replay =
    stored !== undefined && generation !== null && stored.generation === generation && now - stored.at < MAX_AGE_MS;
  const hit = replay ? stored : await renderOnce(req, key, now);
  if (!hit) return null;
  // One chunk, not copied: a byte-array body is copied by Response, then by Next's compressor.
  const bytes = hit.body;
  const body = new ReadableStream<Buffer>({ start: (c) => (c.enqueue(bytes), c.close()) });
  const res = new Response(body, { status: hit.status, headers: hit.headers });
  if (env.PAGE_CACHE_DEBUG) res.headers.set("x-page-cache", replay ? "hit" : "miss");
  return { res, hit: replay };
}

function renderOnce(req: NextRequest, key: string, now: number): Promise<Cached | null> {
  let render = inFlight.get(key);
  if (!render) {
    render = renderPage(req, now)
      .then((fresh) => {
        if (fresh?.status === 200) store(key, fresh);
        return fresh;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, render);
  }
  return render;
}

function store(key: string, value: Cached): void {
  for (const [k, v] of cache) if (v.generation !== value.generation || value.at - v.at >= MAX_AGE_MS) cache.delete(k);
  while (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

// A loopback request to this same server, marked so the proxy lets it through.
async function renderPage(req: NextRequest, at: number): Promise<Cached | null> {
  const h = req.headers;
  const started = performance.now();
  let status: number | null = null;
  try {
    // Read before the render: a change during it is then seen at the next check.
    const gen = await currentGeneration(at);
    if (gen === null) return null;
    const res = await fetch(`http://127.0.0.1:${env.PORT}${req.nextUrl.pathname}${req.nextUrl.search}`, {
      headers: {
        [PAGE_CACHE_RENDER_HEADER]: INSTANCE,
        accept: "text/html",
        "accept-encoding": "identity",
        "x-forwarded-host": h.get("x-forwarded-host") ?? h.get("host") ?? "",
        "x-forwarded-proto": h.get("x-forwarded-proto") ?? "http",
        cookie: `${LOCALE_COOKIE}=${localeOfRequest(req)}`,
      },
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.headers.get(PAGE_CACHE_ECHO_HEADER) !== INSTANCE) return null;
    status = res.status;
    // Personal: never replay it.
    if (res.headers.has("set-cookie")) return null;
    const headers = [...res.headers].filter(([k]) => KEPT.has(k));
    return { at, generation: gen, status: res.status, headers, body };
  } catch {
    return null;
  } finally {
    recordPageRender({ pathname: req.nextUrl.pathname, status, seconds: (performance.now() - started) / 1000 });
  }
}

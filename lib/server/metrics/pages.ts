import "server-only";
// Plain data on globalThis: the proxy is a separate bundle in the same process, kept small.

type PageCacheState = "hit" | "miss" | "bypass";
export type PageBypassReason = "disabled" | "method" | "path" | "client_nav" | "signed_in" | "uncacheable";

// A unit test checks this list against app/, so a new page cannot silently fall into "other".
const PAGE_ROUTES = [
  "/",
  "/about",
  "/about/answer-keys",
  "/admin",
  "/admin/answer-key",
  "/admin/audit",
  "/admin/gold-reports",
  "/admin/operations",
  "/admin/rescore",
  "/admin/submissions/[id]",
  "/admin/users",
  "/compare",
  "/entries/[id]",
  "/questions",
  "/questions/[...id]",
  "/settings/tokens",
  "/settings/webhooks",
  "/signin",
  "/signup",
  "/signup/confirm",
  "/signup/resend",
  "/submissions",
  "/submissions/[id]",
  "/submit",
] as const;
export const PAGE_ROUTE_PATTERNS: readonly string[] = PAGE_ROUTES;

const MATCHERS = PAGE_ROUTES.map((pattern) => ({ pattern, segments: pattern.split("/").slice(1) }));
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const PAGE_RENDER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

export function pageRoute(pathname: string): string {
  const trimmed = pathname.replace(/(?<!\/)\/+$/, "");
  if (trimmed === "") return "/";
  const segments = trimmed.split("/").slice(1);
  for (const m of MATCHERS) {
    // A catch-all ("[...id]", last) takes one segment or more.
    const rest = m.segments.at(-1)!.startsWith("[...");
    if (rest ? segments.length < m.segments.length : m.segments.length !== segments.length) continue;
    if (m.segments.every((s, i) => (s.startsWith("[") ? segments[i] !== "" : s === segments[i]))) return m.pattern;
  }
  return "other";
}

type PageRequestLabels = {
  route: string;
  method: string;
  cache: PageCacheState;
  reason: string;
  status_class: string;
};
type PageRenderSeries = {
  labels: { route: string; status_class: string };
  cumulative: number[];
  sum: number;
  count: number;
};
type Store = {
  requests: Map<string, { labels: PageRequestLabels; n: number }>;
  renders: Map<string, PageRenderSeries>;
};

const holder = globalThis as unknown as { h2hmemPageMetrics?: Store };
function store(): Store {
  holder.h2hmemPageMetrics ??= { requests: new Map(), renders: new Map() };
  return holder.h2hmemPageMetrics;
}

const statusClass = (status: number | null) => (status === null ? "unknown" : `${Math.floor(status / 100)}xx`);

/** `status` null: the proxy let Next render the page and never sees that status. */
export function recordPageRequest(r: {
  pathname: string;
  method: string;
  cache: PageCacheState;
  reason?: PageBypassReason;
  status: number | null;
}): void {
  const labels: PageRequestLabels = {
    route: pageRoute(r.pathname),
    method: METHODS.has(r.method) ? r.method : "OTHER",
    cache: r.cache,
    reason: r.cache === "bypass" ? (r.reason ?? "uncacheable") : "",
    status_class: statusClass(r.status),
  };
  const key = JSON.stringify(labels);
  const s = store().requests;
  const entry = s.get(key) ?? { labels, n: 0 };
  entry.n++;
  s.set(key, entry);
}

export function recordPageRender(r: { pathname: string; status: number | null; seconds: number }): void {
  const labels = { route: pageRoute(r.pathname), status_class: r.status === null ? "error" : statusClass(r.status) };
  const key = JSON.stringify(labels);
  const s = store().renders;
  const series = s.get(key) ?? { labels, cumulative: PAGE_RENDER_BUCKETS.map(() => 0), sum: 0, count: 0 };
  PAGE_RENDER_BUCKETS.forEach((le, i) => {
    if (r.seconds <= le) series.cumulative[i]!++;
  });
  series.sum += r.seconds;
  series.count++;
  s.set(key, series);
}

export function pageMetricsSnapshot(): {
  requests: Array<{ labels: PageRequestLabels; n: number }>;
  renders: PageRenderSeries[];
} {
  const s = store();
  return {
    requests: [...s.requests.values()],
    renders: [...s.renders.values()].map((r) => ({ ...r, cumulative: [...r.cumulative] })),
  };
}

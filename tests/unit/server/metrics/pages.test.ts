import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import {
  PAGE_RENDER_BUCKETS,
  PAGE_ROUTE_PATTERNS,
  pageMetricsSnapshot,
  pageRoute,
  recordPageRender,
  recordPageRequest,
} from "@/lib/server/metrics/pages";
import { pageCacheBypass } from "@/lib/server/public-cache/page-cache";

// The page metrics' route label: one value per app/**/page.tsx, ids never leak into it, and
// anything else is "other". The list in metrics-pages.ts is checked against the app directory.

const appDir = path.resolve(import.meta.dirname, "../../../../app");

function pagePatterns(dir = appDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return pagePatterns(abs);
    if (e.name !== "page.tsx") return [];
    // Route groups "(name)" are not part of the URL.
    const rel = path
      .relative(appDir, dir)
      .split(path.sep)
      .filter((s) => s && !/^\(.*\)$/.test(s));
    return [`/${rel.join("/")}`];
  });
}

describe("pageRoute", () => {
  it("knows exactly the pages in app/", () => {
    expect([...PAGE_ROUTE_PATTERNS].sort()).toEqual(pagePatterns().sort());
  });

  it("maps paths to their page pattern and everything else to other", () => {
    expect(pageRoute("/")).toBe("/");
    expect(pageRoute("/entries/cm3abc")).toBe("/entries/[id]");
    expect(pageRoute("/entries/cm3abc/")).toBe("/entries/[id]");
    expect(pageRoute("/admin/submissions/xyz")).toBe("/admin/submissions/[id]");
    expect(pageRoute("/admin")).toBe("/admin");
    expect(pageRoute("/compare")).toBe("/compare");
    // A catch-all takes the question id's four segments.
    expect(pageRoute("/questions")).toBe("/questions");
    expect(pageRoute("/questions/dyadic/dialogue4/session3/2")).toBe("/questions/[...id]");
    for (const p of ["/entries", "/entries/a/b", "/wp-login.php", "/admin/nope", "/entries//", "/favicon.svg"])
      expect(pageRoute(p), p).toBe("other");
  });
});

describe("recording", () => {
  it("counts requests under bounded labels and renders into cumulative buckets", () => {
    const before = pageMetricsSnapshot();
    const count = (labels: Record<string, string>) =>
      pageMetricsSnapshot().requests.find((r) =>
        Object.entries(labels).every(([k, v]) => r.labels[k as keyof typeof r.labels] === v),
      )?.n ?? 0;
    const entryHits = count({ route: "/entries/[id]", cache: "hit", method: "GET", status_class: "2xx" });
    recordPageRequest({ pathname: "/entries/one", method: "GET", cache: "hit", status: 200 });
    recordPageRequest({ pathname: "/entries/two", method: "GET", cache: "hit", status: 200 });
    recordPageRequest({ pathname: "/x/y/z", method: "BREW", cache: "bypass", reason: "path", status: null });
    expect(count({ route: "/entries/[id]", cache: "hit", method: "GET", status_class: "2xx" })).toBe(entryHits + 2);
    expect(
      count({ route: "other", method: "OTHER", cache: "bypass", reason: "path", status_class: "unknown" }),
    ).toBeGreaterThanOrEqual(1);
    expect(pageMetricsSnapshot().requests.some((r) => JSON.stringify(r.labels).includes("one"))).toBe(false);

    recordPageRender({ pathname: "/entries/one", status: 404, seconds: 0.03 });
    const series = pageMetricsSnapshot().renders.find(
      (r) => r.labels.route === "/entries/[id]" && r.labels.status_class === "4xx",
    )!;
    const old = before.renders.find((r) => r.labels.route === "/entries/[id]" && r.labels.status_class === "4xx");
    expect(series.count).toBe((old?.count ?? 0) + 1);
    // 0.03 s is above the 0.025 bucket and within every bucket from 0.05 up.
    const at = (le: number) =>
      series.cumulative[PAGE_RENDER_BUCKETS.indexOf(le as (typeof PAGE_RENDER_BUCKETS)[number])]!;
    const oldAt = (le: number) =>
      old?.cumulative[PAGE_RENDER_BUCKETS.indexOf(le as (typeof PAGE_RENDER_BUCKETS)[number])] ?? 0;
    expect(at(0.025)).toBe(oldAt(0.025));
    expect(at(0.05)).toBe(oldAt(0.05) + 1);
  });
});

describe("pageCacheBypass", () => {
  const req = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new NextRequest(`http://board.example${url}`, init);
  it("names why a request is not served from the micro-cache", () => {
    expect(pageCacheBypass(req("/"))).toBeNull();
    expect(pageCacheBypass(req("/entries/a"))).toBeNull();
    expect(pageCacheBypass(req("/questions?category=TR"))).toBeNull();
    expect(pageCacheBypass(req("/questions/dyadic/dialogue4/session3/2"))).toBeNull();
    expect(pageCacheBypass(req("/questions/dyadic/dialogue4/session3/2/x"))).toBe("path");
    expect(pageCacheBypass(req("/", { method: "POST" }))).toBe("method");
    expect(pageCacheBypass(req("/compare"))).toBe("path");
    expect(pageCacheBypass(req("/", { headers: { rsc: "1" } }))).toBe("client_nav");
    expect(pageCacheBypass(req("/?_rsc=abc"))).toBe("client_nav");
    expect(pageCacheBypass(req("/", { headers: { cookie: "__Secure-authjs.session-token=x" } }))).toBe("signed_in");
    expect(pageCacheBypass(req("/", { headers: { "x-h2hmem-page-render": "forged" } }))).toBe("uncacheable");
  });
});

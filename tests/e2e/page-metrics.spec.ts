import { expect, test, type APIRequestContext } from "@playwright/test";
import { metricsToken } from "../../playwright.config";
import { AUTHOR, signIn } from "./helpers";

// Page requests in GET /api/metrics, against the real production server: proxy.ts records them
// and the route handler serves them, so this proves both bundles reach the same store. Page
// requests go through the proxy, whose counters are per process: this spec runs alone
// (workers: 1), so the deltas below are exactly what it caused.

async function scrape(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/metrics", { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** The value of the series with exactly these labels (in prom-client's label order); 0 if absent. */
function value(text: string, name: string, labels: Record<string, string>): number {
  const prefix = `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",")}} `;
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  return line ? Number(line.slice(prefix.length)) : 0;
}

const requests = (labels: {
  route: string;
  method?: string;
  cache: string;
  reason?: string;
  status_class: string;
}) => ({
  route: labels.route,
  method: labels.method ?? "GET",
  cache: labels.cache,
  reason: labels.reason ?? "",
  status_class: labels.status_class,
});

test("page requests, micro-cache outcomes and renders are counted by route pattern", async ({ request, page }) => {
  const stamp = `pm${Date.now()}`;
  const before = await scrape(request);

  // Anonymous board: a miss renders, the next request is a hit. The loop tolerates a change
  // of the public board between the two (another spec's approval), which renders again.
  const seen = { hit: 0, miss: 0 };
  for (let i = 0; i < 10 && seen.hit === 0; i++) {
    const res = await request.get(`/?q=${stamp}`);
    expect(res.status()).toBe(200);
    const state = res.headers()["x-page-cache"];
    expect(state).toMatch(/^(hit|miss)$/);
    seen[state as "hit" | "miss"]++;
  }
  expect(seen.hit).toBeGreaterThan(0);

  // An unknown entry: rendered through the cache, its 404 is known (and never stored).
  const missing = await request.get(`/entries/no-such-entry-${stamp}`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()["x-page-cache"]).toBe("miss");

  // A path that is no page: one "other" label, never the raw path.
  expect((await request.get(`/no-such-page-${stamp}`)).status()).toBe(404);

  const after = await scrape(request);
  expect(after).not.toContain(stamp);
  const delta = (name: string, labels: Record<string, string>, from = before, to = after) =>
    value(to, name, labels) - value(from, name, labels);

  expect(delta("h2hmem_page_requests_total", requests({ route: "/", cache: "hit", status_class: "2xx" }))).toBe(
    seen.hit,
  );
  expect(delta("h2hmem_page_requests_total", requests({ route: "/", cache: "miss", status_class: "2xx" }))).toBe(
    seen.miss,
  );
  expect(delta("h2hmem_page_render_duration_seconds_count", { route: "/", status_class: "2xx" })).toBe(seen.miss);
  expect(delta("h2hmem_page_render_duration_seconds_sum", { route: "/", status_class: "2xx" })).toBeGreaterThan(0);

  expect(
    delta("h2hmem_page_requests_total", requests({ route: "/entries/[id]", cache: "miss", status_class: "4xx" })),
  ).toBe(1);
  expect(delta("h2hmem_page_render_duration_seconds_count", { route: "/entries/[id]", status_class: "4xx" })).toBe(1);

  expect(
    delta(
      "h2hmem_page_requests_total",
      requests({ route: "other", cache: "bypass", reason: "path", status_class: "unknown" }),
    ),
  ).toBe(1);

  // A client navigation (RSC fetch) of a cached page is rendered for itself: never cached HTML.
  const rsc = await request.get(`/?q=${stamp}&_rsc=x${stamp}`, { headers: { rsc: "1" } });
  expect(rsc.status()).toBe(200);
  expect(rsc.headers()["x-page-cache"]).toBeUndefined();
  expect(rsc.headers()["content-type"]).toContain("text/x-component");

  // Signed in (a browser, after the exact counts above: its own prefetches load pages too): the
  // proxy lets Next render the board for this user alone, so no status is known.
  await signIn(page, AUTHOR);
  const signedIn = await page.goto("/");
  expect(signedIn?.status()).toBe(200);
  expect(signedIn?.headers()["x-page-cache"]).toBeUndefined();
  const last = await scrape(request);
  expect(
    delta(
      "h2hmem_page_requests_total",
      requests({ route: "/", cache: "bypass", reason: "signed_in", status_class: "unknown" }),
      after,
      last,
    ),
  ).toBeGreaterThanOrEqual(1);
  // signIn() posts the form as a server action: a non-GET page request.
  expect(
    delta(
      "h2hmem_page_requests_total",
      requests({ route: "/signin", method: "POST", cache: "bypass", reason: "method", status_class: "unknown" }),
      after,
      last,
    ),
  ).toBe(1);
});

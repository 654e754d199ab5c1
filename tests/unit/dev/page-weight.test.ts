import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { overBudget, pageWeights, routeOf } from "@/scripts/build/page-weight.mjs";

// A miniature .next/ in the shape `next build` writes (build manifest, per-route client reference manifests, chunks).
const dir = mkdtempSync(path.join(os.tmpdir(), "page-weight-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chunk = (name: string, body: string) => {
  mkdirSync(path.join(dir, "static/chunks"), { recursive: true });
  writeFileSync(path.join(dir, "static/chunks", name), body);
  return gzipSync(body).length;
};
const route = (segments: string, key: string, entryJSFiles: Record<string, string[]>) => {
  const at = path.join(dir, "server/app", segments);
  mkdirSync(at, { recursive: true });
  writeFileSync(
    path.join(at, "page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(key)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles })};`,
  );
};

const framework = chunk("framework.js", "react();".repeat(500));
const layout = chunk("layout.js", "layout".repeat(50));
const heavy = chunk("heavy.js", Array.from({ length: 4000 }, (_, i) => `v${i * 7919}`).join(","));
writeFileSync(path.join(dir, "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/framework.js"] }));
route("(site)", "/(site)/page", { "[project]/app/(site)/layout": ["static/chunks/layout.js"] });
route("(site)/entries/[id]", "/(site)/entries/[id]/page", {
  "[project]/app/(site)/layout": ["static/chunks/layout.js"],
  "[project]/app/(site)/entries/[id]/page": ["static/chunks/layout.js", "static/chunks/heavy.js"],
});

describe("first-load JavaScript per page from the build's manifests", () => {
  const weights = pageWeights(dir);

  it("sums the framework and each route's chunks once, gzipped", () => {
    expect(weights.map((w) => [w.route, w.bytes])).toEqual([
      ["/", framework + layout],
      ["/entries/[id]", framework + layout + heavy],
    ]);
  });

  it("names the pages over budget and the public pages the build lacks", () => {
    const budget = framework + layout + 1;
    expect(overBudget(weights, ["/", "/entries/[id]", "/about"], budget)).toEqual({
      over: [expect.objectContaining({ route: "/entries/[id]" })],
      missing: ["/about"],
    });
    expect(overBudget(weights, ["/"], budget)).toEqual({ over: [], missing: [] });
  });

  it("drops route groups from the route", () => {
    expect(routeOf("/(site)/page")).toBe("/");
    expect(routeOf("/(site)/compare/page")).toBe("/compare");
  });
});

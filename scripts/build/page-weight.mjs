// The JavaScript a first visit to each page downloads, read from a finished `next build` (.next/):
// the framework's root chunks (build-manifest.json `rootMainFiles`) plus every chunk the route's
// client reference manifest names for its layouts, page and boundaries, each gzipped as `next start`
// serves it (zlib's default level). Chunks loaded on first use (`import()`) are not counted.
// `node scripts/build/page-weight.mjs [.next]` prints the table and exits 1 when a public page is
// over budget; `npm test` runs it after its build, tests/unit/dev/page-weight.test.ts checks the sums.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

/** Issue 46: at most 150 KB of compressed JavaScript per public page. */
export const PAGE_JS_BUDGET = 150 * 1024;

/** The public pages (App Router routes); `npm run bench:pages` measures the same ones. */
export const PUBLIC_ROUTES = [
  "/",
  "/entries/[id]",
  "/compare",
  "/questions",
  "/questions/[...id]",
  "/about",
  "/submit",
];

const MANIFEST = "page_client-reference-manifest.js";

function manifests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? manifests(path.join(dir, e.name)) : e.name === MANIFEST ? [path.join(dir, e.name)] : [],
  );
}

/** "/(site)/entries/[id]/page" -> "/entries/[id]" (route groups are not in the URL). */
export const routeOf = (key) => key.replace(/\/\([^)]+\)/g, "").replace(/\/page$/, "") || "/";

/** @typedef {{ route: string; chunks: string[]; bytes: number }} PageWeight */

/**
 * Every page route with its first-load chunks and their gzipped bytes.
 * @param {string} nextDir
 * @returns {PageWeight[]}
 */
export function pageWeights(nextDir) {
  const build = JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8"));
  const sizes = new Map();
  const gz = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(nextDir, file))).length);
    return sizes.get(file);
  };
  return manifests(path.join(nextDir, "server", "app"))
    .flatMap((file) => {
      // The manifest is a script that assigns globalThis.__RSC_MANIFEST[route]; run it in a sandbox.
      const sandbox = { globalThis: {} };
      vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
      return Object.entries(sandbox.globalThis.__RSC_MANIFEST ?? {});
    })
    .map(([key, m]) => {
      const chunks = [...new Set([...build.rootMainFiles, ...Object.values(m.entryJSFiles ?? {}).flat()])];
      return { route: routeOf(key), chunks, bytes: chunks.reduce((s, c) => s + gz(c), 0) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * The public pages over budget (an empty list when all hold), and those missing from the build.
 * @param {PageWeight[]} weights
 * @returns {{ over: PageWeight[]; missing: string[] }}
 */
export function overBudget(weights, routes = PUBLIC_ROUTES, budget = PAGE_JS_BUDGET) {
  const missing = routes.filter((r) => !weights.some((w) => w.route === r));
  return { over: weights.filter((w) => routes.includes(w.route) && w.bytes > budget), missing };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const weights = pageWeights(process.argv[2] ?? ".next");
  for (const w of weights)
    console.log(
      `${(w.bytes / 1024).toFixed(1).padStart(7)} KB  ${w.route}${PUBLIC_ROUTES.includes(w.route) ? "" : "  (not public)"}`,
    );
  const { over, missing } = overBudget(weights);
  for (const w of over)
    console.error(`over budget: ${w.route} ${(w.bytes / 1024).toFixed(1)} KB > ${PAGE_JS_BUDGET / 1024} KB`);
  for (const r of missing) console.error(`not in the build: ${r}`);
  process.exit(over.length + missing.length > 0 ? 1 : 0);
}

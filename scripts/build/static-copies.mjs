// After `next build` (part of `npm run build`, the quick start, the test runner and the Docker
// image): copies each prerendered page's HTML, as Next wrote it, to
// public/prerendered/<build id>/<locale>/<page>.html, where next.config.js's rewrites send plain
// document GETs of the page (lib/static-pages.mjs). Next then answers them as a public/ file: no
// render path and no per-request ETag hash of the body (docs/BENCHMARKS.md, "Static pages").
// Without this step the rewrites fall back to Next's prerendered route: the same page, slower.
// Next reads public/ when `next start` starts, so run this before it.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COPIES_DIR, copyFile, prerenderedPath, STATIC_LOCALES, STATIC_PAGES } from "../../lib/static-pages.mjs";

/**
 * Replaces public/prerendered/ with this build's copies; returns the files written.
 * @param {string} root  the checkout (its .next/ holds the build)
 */
export function writeStaticCopies(root) {
  const idFile = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(idFile)) throw new Error(`${idFile} is missing: run \`next build\` first`);
  const buildId = readFileSync(idFile, "utf8").trim();
  // Earlier builds' copies go: their rewrites are gone with their manifests.
  rmSync(path.join(root, "public", COPIES_DIR), { recursive: true, force: true });
  const written = [];
  for (const page of STATIC_PAGES) {
    for (const locale of STATIC_LOCALES) {
      // Next's output for a prerendered app route: .next/server/app/<route>.html.
      const from = path.join(root, ".next", "server", "app", `${prerenderedPath(page, locale)}.html`);
      if (!existsSync(from)) throw new Error(`${from} is missing: did Next change where it writes prerendered HTML? (lib/static-pages.mjs)`);
      // The HTML names its build (the client router compares it): a copy from another build must not pass.
      if (!readFileSync(from, "utf8").includes(buildId)) throw new Error(`${from} does not name build ${buildId}`);
      const to = path.join(root, "public", copyFile(page, locale, buildId));
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(from, to);
      written.push(path.relative(root, to));
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const t0 = Date.now();
  const files = writeStaticCopies(root);
  console.log(`static copies: ${files.join(", ")} in ${Date.now() - t0} ms`);
}

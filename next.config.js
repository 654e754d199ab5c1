// @ts-check
import { randomBytes } from "node:crypto";
import createNextIntlPlugin from "next-intl/plugin";
import { staticHeaders, staticRewrites } from "./lib/static-pages.mjs";

// next-intl without locale-prefixed URLs: the locale comes from proxy.ts (docs/ARCHITECTURE.md, Translations).
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

// Random per `next build`, as Next's own default, but known here: the copies' rewrites name this
// build's files (public/prerendered/<build id>/, lib/static-pages.mjs), so a file an earlier build
// left behind is never served. Next reads the rewrites from the build's manifest at `next start`.
const BUILD_ID = randomBytes(8).toString("hex");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The Docker image (Dockerfile, target `web`) builds Next's self-contained server. Only
  // there: `next start` (quick start, tests, `npm start`) warns about standalone output.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  poweredByHeader: false,
  // Let proxy.ts see client navigations as they are: by default Next strips the RSC headers and
  // `_rsc` before the proxy runs, so the anonymous page micro-cache (lib/server/leaderboard/page-cache.ts)
  // answered RSC fetches and prefetches with cached HTML (the router then reloaded the whole
  // page). tests/e2e/page-metrics.spec.ts checks that such requests bypass the cache.
  skipProxyUrlNormalize: true,
  serverExternalPackages: ["pg", "bullmq", "ioredis", "pino", "bcryptjs"],
  generateBuildId: () => BUILD_ID,
  // Prerendered pages at static speed (lib/static-pages.mjs): the public URL is answered with the
  // build's copy in the visitor's locale, with its CSP, when the locale cookie (or its absence,
  // without Chinese in Accept-Language) decides it and no session cookie is sent; proxy.ts skips it
  // then. A document GET gets the copy's HTML as a public/ file (scripts/build/static-copies.mjs).
  async rewrites() {
    return { ...staticRewrites(BUILD_ID), fallback: [] };
  },
  async headers() {
    return staticHeaders({ dev: process.env.NODE_ENV !== "production" });
  },
  // Server actions keep Next's default body limit (1 MB): none takes files; uploads go to
  // POST /api/v1/submissions, which has its own admission and byte limits.
};

export default withNextIntl(nextConfig);

// @ts-check
import createNextIntlPlugin from "next-intl/plugin";

// next-intl without locale-prefixed URLs: the locale comes from proxy.ts (docs/ARCHITECTURE.md, Translations).
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

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
  // Server actions keep Next's default body limit (1 MB): none takes files; uploads go to
  // POST /api/v1/submissions, which has its own admission and byte limits.
};

export default withNextIntl(nextConfig);

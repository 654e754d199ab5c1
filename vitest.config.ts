import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure, no services) and `integration` (real Postgres + Redis,
// provisioned by scripts/dev/test.mjs or, when run directly, by the global setup).
// Integration files run one at a time because they share one database.
export default defineConfig({
  resolve: {
    alias: {
      "@": import.meta.dirname,
      // As on Next's server (and bin/register.mjs for Node processes): the marker's empty module.
      // Its default entry throws; it exists to fail client bundles, and tests have none.
      "server-only": path.join(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          // Unit tests live only under tests/unit/, mirroring the code: a test of lib/<x>/… is
          // tests/unit/<x>/…, of cli/ tests/unit/cli/, whole-repository rules tests/unit/architecture/.
          include: ["tests/unit/**/*.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          // next-auth imports "next/server" without an extension, which Node's ESM resolver
          // rejects; inlining lets Vite resolve it (API route-handler tests import auth).
          server: { deps: { inline: ["next-auth"] } },
          globalSetup: ["tests/support/global-setup-integration.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

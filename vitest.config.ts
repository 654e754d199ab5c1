import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure, no services) and `integration` (real Postgres + Redis,
// provisioned by scripts/test.mjs or, when run directly, by the global setup).
// Integration files run one at a time because they share one database.
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "lib/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            "bin/**/*.test.ts",
            "cli/**/*.test.ts",
            "components/**/*.test.{ts,tsx}",
          ],
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

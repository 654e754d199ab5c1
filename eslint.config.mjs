// Flat config: Next's rules (core web vitals + TypeScript) and the two architecture rules
// of this codebase, both proven by tests/unit/architecture/eslint-rules.test.ts:
//   1. lib/scoring/** is pure: no framework, database, queue, filesystem or lib/server imports.
//   2. Only lib/server/env.ts reads process.env (scripts, tests and config files may too).
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const scoringForbidden = {
  paths: [
    ...["next", "react", "react-dom", "bullmq", "ioredis", "pg", "fs", "node:fs", "fs/promises", "node:fs/promises"].map((name) => ({
      name,
      message: "lib/scoring is pure: no framework, I/O or database imports (pass data in instead).",
    })),
  ],
  patterns: [
    { group: ["next/*", "react/*", "@prisma/*", "@/generated/*", "**/generated/prisma/*", "bullmq/*", "ioredis/*", "pg/*"], message: "lib/scoring is pure: no framework, I/O or database imports." },
    { group: ["@/lib/server", "@/lib/server/*", "**/lib/server", "**/lib/server/*", "../server", "../server/*", "../../server/*"], message: "lib/scoring must not depend on lib/server (the dependency goes the other way)." },
  ],
};

const processEnvRule = [
  "error",
  { object: "process", property: "env", message: "Read configuration through `env` from @/lib/server/env (the one module that reads process.env)." },
];

const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "generated/**",
      ".data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "tests/fixtures/**",
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "no-restricted-properties": processEnvRule,
    },
  },
  {
    // Entry points and tooling may read the environment directly.
    files: ["lib/server/env.ts", "lib/dev/**", "scripts/**", "tests/**", "bin/**", "**/*.config.*", "prisma.config.ts", "prisma/seed.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["lib/scoring/**"],
    rules: { "no-restricted-imports": ["error", scoringForbidden] },
  },
  {
    // Plain Node ESM helpers run before TypeScript tooling exists (quickstart, test runner).
    files: ["scripts/**/*.mjs", "lib/dev/**/*.mjs", "bin/**/*.mjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
];

export default config;

// Flat config: Next's rules (core web vitals + TypeScript) and the architecture rules of this
// codebase, each proven by tests/unit/architecture/eslint-rules.test.ts:
//   1. lib/scoring/** is pure: no framework, database, queue, filesystem or lib/server imports.
//   2. Only lib/server/env.ts reads process.env (scripts, tests and config files may too,
//      cli/secrets.ts the CLI's own H2HMEM_PASSWORD / H2HMEM_TOKEN, cli/server-env.ts the server
//      commands' DATABASE_URL (or the quick start's services file), and cli/cache-dir.ts and the
//      single file's loader the CLI's cache settings).
//   3. Imports point down: app -> components -> lib, workers -> lib; lib never imports app/,
//      components/ or workers/, components/ never app/, workers/ never app/ or components/.
//   4. Production code never imports the dev tooling (scripts/dev/) or the tests.
// Import cycles are caught by tests/unit/architecture/import-cycles.test.ts (it sees type-only
// imports too, which import/no-cycle skips, and costs no lint time).
//   5. Outside lib/scoring only its entry points are imported (scoringEntryPoints below).
//   6. No regular expression can backtrack super-linearly (an answer must not stall a process).
import path from "node:path";
import { fileURLToPath } from "node:url";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import regexpPlugin from "eslint-plugin-regexp";

const scoringForbidden = {
  paths: [
    ...[
      "next",
      "react",
      "react-dom",
      "bullmq",
      "ioredis",
      "pg",
      "fs",
      "node:fs",
      "fs/promises",
      "node:fs/promises",
    ].map((name) => ({
      name,
      message: "lib/scoring is pure: no framework, I/O or database imports (pass data in instead).",
    })),
  ],
  patterns: [
    {
      group: [
        "next/*",
        "react/*",
        "@prisma/*",
        "@/generated/*",
        "**/generated/prisma/*",
        "bullmq/*",
        "ioredis/*",
        "pg/*",
      ],
      message: "lib/scoring is pure: no framework, I/O or database imports.",
    },
    {
      group: [
        "@/lib/server",
        "@/lib/server/*",
        "**/lib/server",
        "**/lib/server/*",
        "../server",
        "../server/*",
        "../../server/*",
      ],
      message: "lib/scoring must not depend on lib/server (the dependency goes the other way).",
    },
  ],
};

// import/no-restricted-paths resolves every specifier (the @/ alias and relative paths alike).
const down = "imports point down (app -> components -> lib, workers -> lib; see docs/ARCHITECTURE.md)";
const PRODUCTION = [
  "./app",
  "./components",
  "./lib/server",
  "./lib/scoring",
  "./lib/validation",
  "./workers",
  "./cli",
  "./proxy.ts",
];
const layerZones = [
  {
    target: "./lib",
    from: ["./app", "./components", "./workers"],
    message: `lib/ is the bottom layer: ${down}. Pass what it needs in as arguments.`,
  },
  {
    target: "./components",
    from: "./app",
    message: `components/ must not import app/: ${down}. Take the server action as a prop, or move a one-route component to app/<route>/_components/.`,
  },
  {
    target: "./workers",
    from: ["./app", "./components"],
    message: `workers/ must not import app/ or components/: ${down}. Shared logic belongs in lib/server/.`,
  },
  {
    target: PRODUCTION,
    from: ["./scripts/dev", "./tests"],
    message: "Production code never imports scripts/dev/ (dev tooling) or tests/.",
  },
];

const processEnvRule = [
  "error",
  {
    object: "process",
    property: "env",
    message: "Read configuration through `env` from @/lib/server/env (the one module that reads process.env).",
  },
];

// Entry points of lib/scoring, one per consumer: "@/lib/scoring" (index.ts) for Node (server,
// worker, CLI, scripts), "@/lib/scoring/types" (vocabulary), "@/lib/scoring/validate" (the
// prediction-file reader, also the upload form's validator, which loads it on first use),
// "@/lib/scoring/issue-codes" (the codes of its problems, without the reader and zod: issue 46). With { browser: true } (components,
// pages) the engine entry is refused too, so no page ships the lexical engine and its tables.
// Aliased and relative specifiers alike.
const SCORING_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "lib/scoring");
const SCORING_ENTRIES = new Set(["", "types", "validate", "issue-codes"]);
/** The module inside lib/scoring a specifier names ("" = the folder's index), or null if outside it. */
function scoringModule(spec, file) {
  const abs = spec.startsWith("@/")
    ? path.join(SCORING_DIR, "../..", spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(file), spec)
      : null;
  const rel = abs === null ? ".." : path.relative(SCORING_DIR, abs);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return rel.replace(/\.[cm]?[jt]sx?$/, "").replace(/(^|\/)index$/, "");
}
const scoringEntryPoints = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { browser: { type: "boolean" } }, additionalProperties: false }],
    messages: {
      deep: 'Import lib/scoring through an entry point: @/lib/scoring (Node), @/lib/scoring/types, @/lib/scoring/validate or @/lib/scoring/issue-codes, not "{{spec}}".',
      engine:
        'Browser-side code imports @/lib/scoring/types or @/lib/scoring/validate, not the engine ("{{spec}}" ships the lexical engine).',
    },
  },
  create(context) {
    const browser = context.options[0]?.browser === true;
    const check = (node) => {
      const spec = node.source?.type === "Literal" ? node.source.value : null;
      const target = typeof spec === "string" ? scoringModule(spec, context.filename) : null;
      if (target === null) return;
      if (!SCORING_ENTRIES.has(target)) context.report({ node: node.source, messageId: "deep", data: { spec } });
      else if (browser && target === "") context.report({ node: node.source, messageId: "engine", data: { spec } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
const scoringPlugin = { rules: { "entry-points": scoringEntryPoints } };

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
      "dist/**",
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "no-restricted-properties": processEnvRule,
      "import/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
  {
    // Answers reach many patterns at up to 8,000 characters: a super-linear one stalls a worker.
    plugins: { regexp: regexpPlugin },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    // Tests read fixtures and output they wrote themselves: no-super-linear-move is noise there
    // (backtracking stays an error everywhere).
    files: ["tests/**"],
    rules: { "regexp/no-super-linear-move": "off" },
  },
  {
    // Entry points and tooling may read the environment directly.
    files: [
      "lib/server/env.ts",
      "cli/secrets.ts",
      "cli/server-env.ts",
      "cli/cache-dir.ts",
      "cli/single-file-loader.ts",
      "scripts/**",
      "tests/**",
      "bin/**",
      "**/*.config.*",
      "prisma.config.ts",
      "prisma/seed.ts",
      "**/*.test.ts",
      "**/*.test.tsx",
      ".github/actions/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["lib/scoring/**"],
    rules: { "no-restricted-imports": ["error", scoringForbidden] },
  },
  {
    // The tests of lib/scoring (and its fuzz targets) test its internals.
    ignores: ["lib/scoring/**", "tests/unit/scoring/**", "tests/unit/fuzz/**"],
    plugins: { scoring: scoringPlugin },
    rules: { "scoring/entry-points": "error" },
  },
  {
    files: ["components/**", "app/**"],
    ignores: ["app/api/**"],
    plugins: { scoring: scoringPlugin },
    rules: { "scoring/entry-points": ["error", { browser: true }] },
  },
  {
    // Plain Node ESM helpers run before TypeScript tooling exists (quickstart, test runner).
    files: ["scripts/**/*.mjs", "bin/**/*.mjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
];

export default config;

import { ESLint } from "eslint";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// Proves the architecture rules of eslint.config.mjs fire (and stay quiet where allowed)
// by linting source strings as if they lived at the given paths.

const root = path.resolve(import.meta.dirname, "../../..");
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads every plugin of the config (several seconds on 2 cores).
  await eslint.lintText("export const warm = 1;\n", { filePath: path.join(root, "lib/scoring/warm.ts") });
}, 120_000);

async function ruleHits(code: string, filePath: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe("lib/scoring purity (no-restricted-imports)", () => {
  const forbidden = [
    `import { PrismaClient } from "@prisma/client";`,
    `import { PrismaClient } from "@/generated/prisma/client";`,
    `import { NextResponse } from "next/server";`,
    `import { useState } from "react";`,
    `import { Queue } from "bullmq";`,
    `import Redis from "ioredis";`,
    `import pg from "pg";`,
    `import { readFileSync } from "node:fs";`,
    `import { readFileSync } from "fs";`,
    `import { readFile } from "node:fs/promises";`,
    `import { db } from "@/lib/server/db";`,
    `import { env } from "../server/env";`,
  ];
  it.each(forbidden)("rejects %s in lib/scoring", async (line) => {
    const hits = await ruleHits(`${line}\nexport const x = 1;\n`, "lib/scoring/probe.ts", "no-restricted-imports");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/lib\/scoring/);
  });

  it("allows pure imports in lib/scoring and the same imports outside it", async () => {
    expect(
      await ruleHits(
        `import { z } from "zod";\nimport { CATEGORIES } from "./categories";\nexport const x = [z, CATEGORIES];\n`,
        "lib/scoring/probe.ts",
        "no-restricted-imports",
      ),
    ).toEqual([]);
    expect(
      await ruleHits(`import pg from "pg";\nexport const x = pg;\n`, "lib/server/probe.ts", "no-restricted-imports"),
    ).toEqual([]);
  });
});

describe("lib/scoring entry points (scoring/entry-points)", () => {
  const rule = "scoring/entry-points";
  const probe = (specifier: string) => `import { x } from "${specifier}";\nexport const y = x;\n`;

  it.each([
    ["lib/server/probe.ts", "@/lib/scoring/lexical"],
    ["lib/server/judge/probe.ts", "@/lib/scoring/judge"],
    ["lib/server/answer-key/probe.ts", "../../scoring/answer-key"],
    ["workers/probe.ts", "@/lib/scoring/lexical/fast/binary"],
    ["cli/commands/probe.ts", "../../lib/scoring/validate-file"],
    ["scripts/bench/probe.ts", "../../lib/scoring/lexical/index"],
    ["tests/unit/cli/probe.test.ts", "../../../lib/scoring/lexical"],
    ["components/probe.tsx", "@/lib/scoring/categories"],
  ])("rejects a deep import in %s (%s)", async (file, specifier) => {
    const hits = await ruleHits(probe(specifier), file, rule);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/entry point/);
  });

  it("rejects re-exports and dynamic imports past the entry points too", async () => {
    expect(
      await ruleHits(`export { tokenize } from "@/lib/scoring/lexical";\n`, "lib/server/probe.ts", rule),
    ).toHaveLength(1);
    expect(await ruleHits(`export * from "../scoring/lexical";\n`, "lib/server/probe.ts", rule)).toHaveLength(1);
    expect(
      await ruleHits(`export const m = () => import("@/lib/scoring/match");\n`, "workers/probe.ts", rule),
    ).toHaveLength(1);
  });

  it("rejects the engine entry in components and pages, which must not ship the lexical engine", async () => {
    for (const file of [
      "components/submissions/probe.tsx",
      "app/(site)/submit/page.tsx",
      "app/(site)/admin/_components/probe.tsx",
    ]) {
      const hits = await ruleHits(probe("@/lib/scoring"), file, rule);
      expect(hits, file).toHaveLength(1);
      expect(hits[0]).toMatch(/lexical engine/);
    }
  });

  it.each([
    ["lib/server/probe.ts", "@/lib/scoring"],
    ["lib/server/answer-key/probe.ts", "../../scoring"],
    ["cli/probe.ts", "../lib/scoring/index"],
    ["workers/probe.ts", "@/lib/scoring/types"],
    ["app/api/v1/probe/route.ts", "@/lib/scoring"],
    ["components/submissions/probe.tsx", "@/lib/scoring/validate"],
    ["app/(site)/about/page.tsx", "@/lib/scoring/types"],
    ["lib/i18n/probe.ts", "@/lib/scoring/issue-codes"],
    ["lib/scoring/probe.ts", "./lexical/fast/binary"],
    ["tests/unit/scoring/lexical/probe.test.ts", "@/lib/scoring/lexical/fast/binary"],
    ["tests/unit/fuzz/probe.test.ts", "@/lib/scoring/validate"],
  ])("allows %s to import %s", async (file, specifier) => {
    expect(await ruleHits(probe(specifier), file, rule)).toEqual([]);
  });
});

describe("process.env only in lib/server/env.ts (no-restricted-properties)", () => {
  const code = `export const url = process.env.DATABASE_URL;\n`;
  it.each([
    "lib/server/db-probe.ts",
    "app/api/probe/route.ts",
    "workers/probe.ts",
    "lib/scoring/probe.ts",
    "components/probe.tsx",
  ])("rejects process.env in %s", async (file) => {
    expect(await ruleHits(code, file, "no-restricted-properties")).toHaveLength(1);
  });

  it("rejects destructuring process.env too", async () => {
    expect(
      await ruleHits(
        `const { env } = process;\nexport const e = env;\n`,
        "lib/server/probe.ts",
        "no-restricted-properties",
      ),
    ).toHaveLength(1);
  });

  it.each([
    "lib/server/env.ts",
    "scripts/probe.ts",
    "tests/integration/probe.test.ts",
    "prisma.config.ts",
    "bin/probe.mjs",
    "prisma/seed.ts",
  ])("allows it in %s", async (file) => {
    expect(await ruleHits(code, file, "no-restricted-properties")).toEqual([]);
  });
});

describe("imports point down (import/no-restricted-paths)", () => {
  const rule = "import/no-restricted-paths";
  // [file, import]: every target exists, so the resolver sees the same thing as in real code.
  const upward: Array<[string, string]> = [
    ["lib/server/probe.ts", `import { approveAction } from "@/app/(site)/admin/actions";`],
    ["lib/server/probe.ts", `import { approveAction } from "../../app/(site)/admin/actions";`],
    ["lib/server/probe.ts", `import type { SignInState } from "@/app/(site)/signin/actions";`],
    ["lib/server/probe.ts", `import { fmt } from "@/components/ui/format";`],
    ["lib/server/probe.ts", `import { describeError } from "@/workers/errors";`],
    ["lib/scoring/probe.ts", `import { fmt } from "../../components/ui/format";`],
    ["lib/validation/probe.ts", `import { describeError } from "../../workers/errors";`],
    ["components/probe.tsx", `import { signOutAction } from "@/app/(site)/signin/actions";`],
    ["components/ui/probe.tsx", `import { signOutAction } from "../../app/(site)/signin/actions";`],
    ["workers/probe.ts", `import { approveAction } from "@/app/(site)/admin/actions";`],
    ["workers/processors/probe.ts", `import { fmt } from "../../components/ui/format";`],
  ];
  it.each(upward)("rejects, in %s: %s", async (file, line) => {
    const hits = await ruleHits(`${line}\nexport const x = 1;\n`, file, rule);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/imports point down/);
  });

  const devTooling: Array<[string, string]> = [
    ["app/probe/page.tsx", `import { freePort } from "@/scripts/dev/services.mjs";`],
    ["components/probe.tsx", `import { FakeJudgeServer } from "@/scripts/dev/fake-judge-server";`],
    ["lib/server/probe.ts", `import { FakeJudgeServer } from "../../scripts/dev/fake-judge-server";`],
    ["lib/scoring/probe.ts", `import { importGraph } from "@/tests/support/import-graph";`],
    ["workers/probe.ts", `import { importGraph } from "../tests/support/import-graph";`],
    ["cli/commands/probe.ts", `import { FakeJudgeServer } from "../../scripts/dev/fake-judge-server";`],
    ["proxy.ts", `import { freePort } from "./scripts/dev/services.mjs";`],
  ];
  it.each(devTooling)("rejects dev tooling and tests in production code, in %s: %s", async (file, line) => {
    const hits = await ruleHits(`${line}\nexport const x = 1;\n`, file, rule);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/scripts\/dev/);
  });

  const allowed: Array<[string, string]> = [
    [
      "app/probe/page.tsx",
      `import { fmt } from "@/components/ui/format";\nimport { db } from "@/lib/server/db";\nimport { approveAction } from "@/app/(site)/admin/actions";`,
    ],
    [
      "components/probe.tsx",
      `import type { ActionResult } from "@/lib/server/errors";\nimport { Field } from "./ui/field";`,
    ],
    [
      "workers/probe.ts",
      `import { enqueueScoring } from "@/lib/server/queue";\nimport { describeError } from "./errors";`,
    ],
    ["lib/server/probe.ts", `import { CATEGORIES } from "@/lib/scoring/categories";\nimport { env } from "./env";`],
    ["scripts/dev/probe.ts", `import { db } from "@/lib/server/db";\nimport { freePort } from "./services.mjs";`],
    [
      "scripts/dev/probe.ts",
      `import { freePort } from "@/scripts/dev/services.mjs";\nimport { describeError } from "@/workers/errors";`,
    ],
    [
      "tests/integration/probe.test.ts",
      `import { approveAction } from "@/app/(site)/admin/actions";\nimport { FakeJudgeServer } from "@/scripts/dev/fake-judge-server";`,
    ],
  ];
  it.each(allowed)("allows, in %s, imports that point down", async (file, lines) => {
    expect(await ruleHits(`${lines}\nexport const x = 1;\n`, file, rule)).toEqual([]);
  });
});

describe("no regular expression backtracks super-linearly (eslint-plugin-regexp)", () => {
  const backtracking = "regexp/no-super-linear-backtracking";
  const move = "regexp/no-super-linear-move";
  const probe = (re: string) => `export const re = ${re};\n`;
  const productPaths = [
    "app/probe.ts",
    "components/probe.tsx",
    "lib/scoring/probe.ts",
    "lib/server/probe.ts",
    "workers/probe.ts",
    "cli/probe.ts",
    "scripts/probe.ts",
    "proxy.ts",
  ];

  it.each(productPaths)('rejects the old role-tag rule (cubic on newlines + "system" + spaces) in %s', async (file) => {
    const hits = await ruleHits(
      probe(String.raw`/^\s*(?:#+\s*)?(?:system|assistant|developer)\s*(?:prompt|message)?\s*:/im`),
      file,
      backtracking,
    );
    expect(hits.length).toBeGreaterThan(0);
  });

  it.each(productPaths)("rejects a trailing-run trim that moves quadratically in %s", async (file) => {
    expect((await ruleHits(probe(String.raw`/\/+$/`), file, move)).length).toBeGreaterThan(0);
  });

  it("rejects super-linear backtracking in tests too", async () => {
    expect(
      (await ruleHits(probe(String.raw`/\s*=\s*(.*)\s*$/`), "tests/unit/probe.test.ts", backtracking)).length,
    ).toBeGreaterThan(0);
  });

  it("allows the linear rewrites", async () => {
    for (const re of [
      String.raw`/^[^\S\n\r\u2028\u2029]*(?:#+[^\S\n\r\u2028\u2029]*)?(?:system|assistant|developer)\s*(?:(?:prompt|message)\s*)?:/im`,
      String.raw`/(?<!\/)\/+$/`,
    ]) {
      expect(await ruleHits(probe(re), "lib/scoring/probe.ts", backtracking)).toEqual([]);
      expect(await ruleHits(probe(re), "lib/scoring/probe.ts", move)).toEqual([]);
    }
  });
});

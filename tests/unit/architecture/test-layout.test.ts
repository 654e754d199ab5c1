import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../../vitest.config";

// A test file outside every vitest project's include globs would silently never run.
const root = path.resolve(import.meta.dirname, "../../..");
const SKIP = new Set([
  "node_modules",
  ".next",
  ".git",
  "generated",
  ".data",
  "coverage",
  "test-results",
  "playwright-report",
]);

function testFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(abs);
    return /\.test\.[cm]?[jt]sx?$/.test(e.name) ? [path.relative(root, abs)] : [];
  });
}

// Directory prefix of a glob such as "lib/**/*.test.ts" -> "lib/".
const prefixOf = (glob: string) => glob.slice(0, glob.indexOf("*"));

describe("test layout", () => {
  it("unit tests live only under tests/unit/ (never next to the code), helpers only in tests/support/", () => {
    const all = testFiles();
    expect(all.filter((f) => !f.startsWith("tests/"))).toEqual([]);
    const integrationNonTests = readdirSync(path.join(root, "tests/integration"), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((e) => e.isFile() && !/\.test\.ts$/.test(e.name))
      .map((e) => e.name);
    expect(integrationNonTests, "helpers belong in tests/support/").toEqual([]);
  });

  it("every *.test.* file belongs to a vitest project (unit or integration)", () => {
    const projects = (config.test?.projects ?? []) as Array<{ test: { name: string; include: string[] } }>;
    const prefixes = projects.flatMap((p) => p.test.include.map(prefixOf));
    expect(prefixes).toEqual(["tests/unit/", "tests/integration/"]);
    const orphans = testFiles().filter((f) => !prefixes.some((p) => f.startsWith(p)));
    expect(orphans, `move these under tests/unit/ or tests/integration/ (or extend vitest.config.ts)`).toEqual([]);
  });
});

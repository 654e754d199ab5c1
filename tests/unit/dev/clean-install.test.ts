// Issue 47 point 5: a clean install agrees with itself and CI audits production dependencies.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, Record<string, string>>;

describe("a clean install", () => {
  it("every installed package's peer ranges hold (`npm ci` then prints no ERESOLVE)", () => {
    // npm ls reports an overridden peer dependency as "invalid", exactly what ERESOLVE warned about.
    const ls = spawnSync("npm", ["ls", "--all", "--json"], { cwd: root, encoding: "utf8", timeout: 60_000 });
    const problems = (JSON.parse(ls.stdout) as { problems?: string[] }).problems ?? [];
    expect(problems).toEqual([]);
    expect(ls.status).toBe(0);
  }, 60_000);

  it("pins every dependency to an exact version", () => {
    const ranged = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
      ([, v]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(v),
    );
    expect(ranged).toEqual([]);
  });

  it(".ci/run fails on a known high or critical advisory in a production dependency", () => {
    const ci = readFileSync(path.join(root, ".ci/run"), "utf8");
    // A `check` step: its failure fails the run (no `|| true`, no --omit of production code).
    expect(ci).toMatch(/^check "[^"]+" npm audit --omit=dev --audit-level=high$/m);
  });
});

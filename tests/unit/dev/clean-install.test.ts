// Issue 47 point 5: a clean install agrees with itself and CI audits production dependencies.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditVerdict } from "../../../scripts/dev/audit.mjs";

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
    // A `check` step: its failure fails the run (no `|| true`).
    expect(ci).toMatch(/^check "[^"]+" node scripts\/dev\/audit\.mjs$/m);
  });

  it("reads npm audit's report: high or critical fails, fewer passes, no report is 'NOT audited'", () => {
    const report = (high: number, critical: number) =>
      JSON.stringify({ metadata: { vulnerabilities: { info: 0, low: 2, moderate: 1, high, critical, total: 3 } } });
    expect(auditVerdict(report(1, 0)).verdict).toBe("fail");
    expect(auditVerdict(report(0, 1)).verdict).toBe("fail");
    expect(auditVerdict(report(0, 0))).toEqual({
      verdict: "pass",
      line: "npm audit (production dependencies): 0 critical, 0 high, 1 moderate, 2 low",
    });
    const refused = auditVerdict(
      JSON.stringify({
        message: "405 Method Not Allowed - POST https://r/-/npm/v1/security/advisories/bulk",
        statusCode: 405,
      }),
    );
    expect(refused.verdict).toBe("unreachable");
    expect(refused.line).toMatch(/405 Method Not Allowed.*NOT audited/);
    expect(auditVerdict("").verdict).toBe("unreachable");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One home per rule: the lists below exist once, and a copy elsewhere fails here (a copy is how
// the two "database unavailable" lists and the two audit target spellings drifted apart).

const root = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const CODE = ["app", "lib", "workers", "cli", "scripts"].flatMap(sources);
const offenders = (pattern: RegExp, home: string, files = CODE) =>
  files.filter((f) => f !== home && pattern.test(readFileSync(path.join(root, f), "utf8")));

describe("one home per rule", () => {
  it("finds the code it checks", () => {
    expect(CODE).toEqual(
      expect.arrayContaining([
        "lib/server/audit.ts",
        "lib/server/db-errors.ts",
        "workers/errors.ts",
        "lib/server/submissions/stages.ts",
      ]),
    );
  });

  it("only recordAudit (lib/server/audit.ts) writes AuditEvent rows", () => {
    expect(offenders(/auditEvent\.(create|createMany|upsert|update|updateMany)\b/, "lib/server/audit.ts")).toEqual([]);
  });

  it("only lib/server/db-errors.ts lists database error codes", () => {
    expect(
      offenders(/["'](P10\d\d|P20(24|28|34|37)|57P0\d|40P01|40001|53300|08\d{3})["']/, "lib/server/db-errors.ts"),
    ).toEqual([]);
  });

  it("stage names are a type (lib/server/submissions/stages.ts), not a spelled-out union, in the server, the worker and the API", () => {
    const files = CODE.filter((f) => /^(lib\/server|workers|app\/api)\//.test(f));
    expect(
      offenders(
        /["']lexical["']\s*\|\s*["']judge["']|z\.enum\(\[\s*["']lexical["']/,
        "lib/server/submissions/stages.ts",
        files,
      ),
    ).toEqual([]);
  });

  it("the token name rule is tokenNameSchema (lib/validation/api-token.ts)", () => {
    expect(offenders(/Give the token a name/, "lib/validation/api-token.ts")).toEqual([]);
  });

  it("only lib/server/csv.ts writes CSV (one home for escape_formulas)", () => {
    expect(CODE.filter((f) => /from ["']csv-stringify/.test(readFileSync(path.join(root, f), "utf8")))).toEqual([
      "lib/server/csv.ts",
    ]);
  });

  it("only lib/server/versions/published-version.ts lists the statuses of a submission being scored", () => {
    expect(
      offenders(/"QUEUED",\s*"SCORING_LEXICAL",\s*"JUDGING"\s*\]/, "lib/server/versions/published-version.ts"),
    ).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toCsv } from "../../../lib/server/csv";

const root = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && /\.(ts|tsx|mjs)$/.test(f.name))
    .map((f) => path.relative(root, path.join(f.parentPath, f.name)));
}

describe("toCsv", () => {
  it("escapes every formula trigger and quotes as CSV requires", () => {
    expect(toCsv([["=1+1", "+1", "-x", "@a", "\tb", "\rc", "ok", -1, 2.5]])).toBe(`'=1+1,'+1,'-x,'@a,'\tb,"'\rc",ok,-1,2.5\n`);
  });

  it("is the only place that writes CSV (one home for the options)", () => {
    const users = ["app", "lib", "cli", "workers", "scripts", "components"].flatMap(sources).filter((f) => /from "csv-stringify/.test(readFileSync(path.join(root, f), "utf8")));
    expect(users).toEqual(["lib/server/csv.ts"]);
  });
});

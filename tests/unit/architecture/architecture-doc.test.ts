import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../../support/import-graph";

// docs/ARCHITECTURE.md is where a newcomer finds the home of a rule in one hop: every path it
// names exists, and every feature folder of lib/server/ and every worker module is named there.

// A path is a backticked token ending in "/" or a file extension; in a Layout row
// ("| `folder/` | …") the names after the first cell are inside that folder.
const doc = readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
const named = doc.split("\n").flatMap((line) => {
  const base = /^\| `([^`]+\/)` \|/.exec(line)?.[1];
  return [...line.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter((t) => !t.startsWith("/") && !/[<*…]/.test(t) && /(\/|\.(ts|tsx|mjs|json|yml|prisma|md))$/.test(t))
    .map((t) => (base && t !== base && !t.startsWith(base) && !existsSync(path.join(ROOT, t)) ? base + t : t));
});

describe("docs/ARCHITECTURE.md", () => {
  it("names only paths that exist", () => {
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("names every feature folder of lib/server/ and every module at the top of workers/", () => {
    const folders = readdirSync(path.join(ROOT, "lib/server"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `lib/server/${e.name}/`);
    const workers = sourceFiles("workers").filter((f) => f.split("/").length === 2);
    expect(folders.length).toBeGreaterThan(5);
    expect([...folders, ...workers].filter((p) => !named.includes(p))).toEqual([]);
  });
});

// The import graph of lib/scoring, read from the source: the browser's entry points reach no part
// of the engine (so the /submit page does not ship the lexical engine and its tables), nothing
// imports in a circle.
// (Which files may import which entry point is the ESLint rule scoring/entry-points.)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../../lib/scoring");
const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ""));
const known = new Set(files);

/** Modules of lib/scoring a module imports (type-only imports included), as paths relative to lib/scoring. */
function importsOf(mod: string): string[] {
  const source = readFileSync(path.join(ROOT, `${mod}.ts`), "utf8");
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(mod), spec)).replace(/\.ts$/, "");
      return known.has(target) ? target : `${target}/index`;
    });
}
const graph = new Map(files.map((f) => [f, importsOf(f)]));

function reachable(from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (m: string) => {
    if (seen.has(m)) return;
    seen.add(m);
    for (const next of graph.get(m) ?? []) visit(next);
  };
  visit(from);
  return seen;
}

describe("lib/scoring import graph", () => {
  it("resolves every relative import to a module of lib/scoring", () => {
    const dangling = [...graph].flatMap(([m, deps]) => deps.filter((d) => !known.has(d)).map((d) => `${m} -> ${d}`));
    expect(dangling).toEqual([]);
  });

  it("the browser entry points pull in only the validator's modules, no engine", () => {
    expect([...reachable("types")]).toEqual(["types"]);
    expect([...reachable("validate")].sort()).toEqual([
      "categories",
      "issue-codes",
      "issues",
      "json-text",
      "question-keys",
      "submission-schema",
      "text-normalize",
      "types",
      "validate",
    ]);
  });

  it("has no import cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (m: string, trail: string[]) => {
      if (state.get(m) === "done") return;
      if (state.get(m) === "open") return void cycles.push([...trail.slice(trail.indexOf(m)), m].join(" -> "));
      state.set(m, "open");
      for (const next of graph.get(m) ?? []) visit(next, [...trail, m]);
      state.set(m, "done");
    };
    for (const m of files) visit(m, []);
    expect(cycles).toEqual([]);
  });
});

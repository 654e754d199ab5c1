import { describe, expect, it } from "vitest";
import { importCycles, importGraph, sourceFiles } from "../../support/import-graph";

// No module of lib/, components/ or workers/ reaches itself through its imports (type-only and
// dynamic imports included, which ESLint's import/no-cycle skips). Shared types get a module of
// their own (e.g. lib/server/judge/types.ts) instead of one side importing the other.

describe("import cycles", () => {
  it("finds a cycle when there is one (the checker itself)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "x.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["d.ts"]],
      ["e.ts", ["a.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["d.ts"]]);
  });

  it("there is none in lib/, components/ or workers/", () => {
    const files = ["lib", "components", "workers"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const graph = importGraph(files);
    // The graph is real: known edges are found (relative, aliased and type-only imports).
    expect(graph.get("lib/server/judge/run-judge.ts")).toEqual(
      expect.arrayContaining(["lib/server/judge/types.ts", "lib/server/judge/client.ts"]),
    );
    expect(graph.get("workers/worker.ts")).toEqual(
      expect.arrayContaining(["lib/server/queue.ts", "workers/errors.ts"]),
    );
    expect(importCycles(graph)).toEqual([]);
  });
});

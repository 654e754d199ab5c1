import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, importGraph, sourceFiles } from "../../support/import-graph";

// lib/server/ in layers (docs/ARCHITECTURE.md, "lib/server in one order"): infrastructure at the
// bottom imports no feature; each feature imports only infrastructure and the features before it;
// operations/ (admin work that spans features) sits on top. Type-only, dynamic and re-exports
// count: a two-way pair of types is still a two-way pair in the design.

/** Folders that are infrastructure like the files at the top of lib/server/ (http.ts and proxy.ts need them). */
const INFRASTRUCTURE_FOLDERS = ["auth", "metrics", "public-cache"];
/** Every feature folder, lowest first. */
const FEATURE_ORDER = [
  "backup",
  "downloads",
  "answer-key",
  "judge",
  "versions",
  "scores",
  "submissions",
  "leaderboard",
  "history",
  "exports",
  "archives",
  "notify",
  "review",
  "disputes",
  "operations",
  "agents",
];

/** "infrastructure" or the feature folder a lib/server file belongs to. */
function layerOf(file: string): string {
  const parts = file.split("/");
  return parts.length === 3 || INFRASTRUCTURE_FOLDERS.includes(parts[2]) ? "infrastructure" : parts[2];
}

const rank = (layer: string) => (layer === "infrastructure" ? -1 : FEATURE_ORDER.indexOf(layer));

/** Imports that break the order, as "from -> to". */
function backwardImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => to.startsWith("lib/server/") && layerOf(to) !== layerOf(from))
      .filter((to) => rank(layerOf(to)) >= rank(layerOf(from)))
      .map((to) => `${from} -> ${to}`),
  );
}

/** Pairs of lib/server units (a top-level file or a folder) that import each other. */
function twoWayPairs(graph: Map<string, string[]>): string[] {
  const unit = (f: string) => f.split("/").slice(0, 3).join("/");
  const edges = new Set(
    [...graph].flatMap(([from, targets]) =>
      targets
        .filter((t) => t.startsWith("lib/server/") && unit(t) !== unit(from))
        .map((t) => `${unit(from)} ${unit(t)}`),
    ),
  );
  return [...edges]
    .filter((e) => {
      const [a, b] = e.split(" ");
      return a < b && edges.has(`${b} ${a}`);
    })
    .map((e) => e.replace(" ", " <-> "));
}

describe("lib/server layers", () => {
  it("the checker finds a backwards import, infrastructure importing a feature, and a two-way pair", () => {
    const graph = new Map([
      ["lib/server/versions/a.ts", ["lib/server/review/b.ts", "lib/server/db.ts"]],
      ["lib/server/review/b.ts", ["lib/server/versions/a.ts", "lib/server/auth/session.ts"]],
      ["lib/server/env.ts", ["lib/server/judge/config.ts"]],
    ]);
    expect(backwardImports(graph)).toEqual([
      "lib/server/versions/a.ts -> lib/server/review/b.ts",
      "lib/server/env.ts -> lib/server/judge/config.ts",
    ]);
    expect(twoWayPairs(graph)).toEqual(["lib/server/review <-> lib/server/versions"]);
  });

  it("places every folder of lib/server/ in the order", () => {
    const folders = readdirSync(path.join(ROOT, "lib/server"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !INFRASTRUCTURE_FOLDERS.includes(f) && !FEATURE_ORDER.includes(f))).toEqual([]);
    expect([...INFRASTRUCTURE_FOLDERS, ...FEATURE_ORDER].filter((f) => !folders.includes(f))).toEqual([]);
  });

  it("every import of lib/server/ points down the order, and no two units import each other", () => {
    const graph = importGraph(sourceFiles("lib/server"));
    // The graph is real: known edges are found (a type-only import among them).
    expect(graph.get("lib/server/operations/rollout.ts")).toEqual(
      expect.arrayContaining(["lib/server/review/curate.ts", "lib/server/versions/published-version.ts"]),
    );
    expect(graph.get("lib/server/scores/judge-stage-store.ts")).toContain("lib/server/judge/run-judge.ts");
    expect(backwardImports(graph)).toEqual([]);
    expect(twoWayPairs(graph)).toEqual([]);
  });
});

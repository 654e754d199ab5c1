import { describe, expect, it } from "vitest";
import { importGraph, sourceFiles } from "../../support/import-graph";

// Where a component lives follows who uses it: a component of one route sits next to it in
// app/<route>/_components/; components/ holds what several routes share, and what the root
// route (`/`: the board, the layout) uses, since the root's folder is all of app/.

const routeOf = (appFile: string) => {
  // Route groups ("(site)") are not part of the route.
  const parts = appFile.split("/").filter((s) => !/^\(.*\)$/.test(s));
  return parts.length > 2 ? parts[1] : "/";
};

const graph = importGraph(["app", "components"].flatMap(sourceFiles));
const importers = new Map<string, string[]>();
for (const [from, targets] of graph) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), from]);

/** The routes whose files import `file`, directly or through other components. */
function routesUsing(file: string, seen = new Set<string>()): Set<string> {
  const routes = new Set<string>();
  for (const from of importers.get(file) ?? []) {
    if (seen.has(from)) continue;
    seen.add(from);
    if (from.startsWith("app/")) routes.add(routeOf(from));
    else for (const r of routesUsing(from, seen)) routes.add(r);
  }
  return routes;
}

describe("component placement", () => {
  it("every file in components/ is used by the root route or by two routes or more", () => {
    const shared = sourceFiles("components");
    expect(shared.length).toBeGreaterThan(10);
    const misplaced = shared
      .map((f) => ({ f, routes: [...routesUsing(f)] }))
      .filter(({ routes }) => !routes.includes("/") && routes.length < 2)
      .map(({ f, routes }) =>
        routes.length ? `${f}: only /${routes[0]} uses it; move it to app/${routes[0]}/…/_components/` : `${f}: unused`,
      );
    expect(misplaced).toEqual([]);
  });

  it("a route's _components/ are imported only from that route", () => {
    const privateFiles = sourceFiles("app").filter((f) => f.includes("/_components/"));
    expect(privateFiles.length).toBeGreaterThan(10);
    const leaks = privateFiles.flatMap((f) =>
      (importers.get(f) ?? [])
        .filter((from) => !from.startsWith("app/") || routeOf(from) !== routeOf(f))
        .map((from) => `${from} imports ${f}: move it to components/`),
    );
    expect(leaks).toEqual([]);
  });
});

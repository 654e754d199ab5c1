import { describe, expect, it } from "vitest";
import { importGraph, packageImporters, reachable, sourceFiles } from "../../support/import-graph";

// The web process never calls the LLM: what it loads (app/, components/, proxy.ts) reaches
// neither the judge run nor any module of the OpenAI client. The judge-agreement check of the
// review page is queued for a worker instead (lib/server/operations/agreement-runs.ts).

const files = ["app", "components", "lib", "workers", "cli"].flatMap(sourceFiles).concat("proxy.ts");
const graph = importGraph(files);

describe("the web process never calls the LLM", () => {
  it("no page, action, route handler, component or the proxy reaches the judge client or the judge run", () => {
    const llm = new Set([...packageImporters(files, "openai"), "lib/server/judge/run-judge.ts"]);
    expect([...llm]).toEqual(expect.arrayContaining(["lib/server/judge/client.ts", "lib/server/judge/run-judge.ts"]));
    const web = files.filter((f) => f.startsWith("app/") || f.startsWith("components/") || f === "proxy.ts");
    const leaks = web.flatMap((f) =>
      [...reachable(graph, f)].filter((t) => llm.has(t)).map((t) => `${f} -> … -> ${t}`),
    );
    expect(leaks).toEqual([]);
  });

  it("the worker and the CLI do reach them (the check is not vacuous)", () => {
    for (const entry of ["workers/index.ts", "cli/index.ts"])
      expect(reachable(graph, entry).has("lib/server/judge/client.ts"), entry).toBe(true);
  });
});

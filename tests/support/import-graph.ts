import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// The repository's own import graph, read from the source (static, dynamic and type-only
// imports alike: a cycle of types is still a cycle in the design). Bare package names are left
// out; `@/x` is the repository root, as in tsconfig.json.

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TRY = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** Source files under `dir` (relative to the root, forward slashes), tests and type declarations excluded. */
export function sourceFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: "utf8" })
    .map((f) => path.posix.join(dir, f.split(path.sep).join("/")))
    .filter((f) => SOURCE.test(f) && !/\.(test|d)\.[a-z]+$/.test(f) && statSync(path.join(ROOT, f)).isFile());
}

function resolveSpecifier(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const ext of TRY) {
    const f = base + ext;
    const abs = path.join(ROOT, f);
    if (existsSync(abs) && statSync(abs).isFile()) return f;
  }
  return null;
}

function specifiers(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(path.join(ROOT, file), "utf8"), true, true)
    .importedFiles.map((i) => i.fileName);
}

/** The files among `files` that import the package `name` (or one of its subpaths). */
export function packageImporters(files: string[], name: string): string[] {
  return files.filter((f) => specifiers(f).some((s) => s === name || s.startsWith(`${name}/`)));
}

/** file -> the repository files it imports (unresolvable and package imports dropped). */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const targets = specifiers(f)
      .map((s) => resolveSpecifier(f, s))
      .filter((t): t is string => t !== null);
    graph.set(f, [...new Set(targets)]);
  }
  return graph;
}

/** Every file `from` reaches through its imports (itself excluded unless on a cycle). */
export function reachable(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [...(graph.get(from) ?? [])];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(graph.get(f) ?? []));
  }
  return seen;
}

/** Every cycle among the graph's own files, one per strongly connected component (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components;
}

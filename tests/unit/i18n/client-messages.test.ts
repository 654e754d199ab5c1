// Client components get only their page's scope of messages (lib/i18n/client-messages.ts): every
// namespace a module that runs in the browser ("use client" files and what they import) asks for
// must be in the scope its page or an enclosing layout names (<ClientMessages scope>), or that
// component would throw in the browser.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_SCOPES, clientMessages, type ClientScope } from "@/lib/i18n/client-messages";
import en from "@/lib/i18n/messages/en.json";

const ROOT = path.resolve(__dirname, "../../..");
const APP = path.join(ROOT, "app");
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(tsx?|mjs)$/.test(name) ? [full] : [];
  });
}

/** The file an import specifier names (@/ or relative), or null for a package. */
function resolve(spec: string, from: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

const text = (f: string) => readFileSync(f, "utf8");
const imports = (f: string) =>
  [...text(f).matchAll(/(?:from|import)\s*(?:\(\s*)?["']([^"']+)["']/g)]
    .map((m) => resolve(m[1], f))
    .filter((t): t is string => t !== null && !t.endsWith(".json"));

/** Every module reachable from `start`, following imports. */
function reach(start: string[]): Set<string> {
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length > 0)
    for (const t of imports(queue.pop()!))
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
  return seen;
}

/** The modules that run in the browser for a route file: its "use client" imports and theirs. */
const clientModulesOf = (file: string) =>
  reach([...reach([file])].filter((f) => /^\s*["']use client["']/m.test(text(f))));

const namespacesOf = (modules: Iterable<string>) =>
  new Set(
    [...modules].flatMap((f) => [...text(f).matchAll(/useTranslations\(\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1])),
  );

/** The scopes a route file and the layouts above it name (a provider's, or messages passed as props). */
function scopesOf(file: string): ClientScope[] {
  const sources = [file];
  for (let dir = path.dirname(file); dir.startsWith(APP); dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (layout !== file && statSync(layout, { throwIfNoEntry: false })?.isFile()) sources.push(layout);
  }
  const named = sources.flatMap((f) =>
    [...text(f).matchAll(/<ClientMessages\s+scope="(\w+)"|clientMessages\([^"\n]*"(\w+)"\)/g)].map((m) => m[1] ?? m[2]),
  );
  return named as ClientScope[];
}

const covered = (ns: string, scopes: ClientScope[]) =>
  scopes.some((s) => (CLIENT_SCOPES[s] as readonly string[]).some((c) => ns === c || ns.startsWith(`${c}.`)));

describe("messages sent to the browser", () => {
  const routes = files(APP).filter((f) => /\/(page|layout|error|not-found|global-error)\.tsx$/.test(f));

  it("cover, on every page, each namespace its client components use", () => {
    expect(routes.length).toBeGreaterThan(20);
    const missing: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const scopes = scopesOf(route);
      for (const ns of namespacesOf(clientModulesOf(route))) {
        checked++;
        if (!covered(ns, scopes)) missing.push(`${path.relative(ROOT, route)}: ${ns} (scopes ${scopes.join(", ")})`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it("client components always name a namespace", () => {
    const client = clientModulesOf(path.join(APP, "layout.tsx"));
    for (const route of routes) for (const f of clientModulesOf(route)) client.add(f);
    expect(client.size).toBeGreaterThan(10);
    for (const file of client) {
      const rel = path.relative(ROOT, file);
      expect(/useTranslations\(\s*\)/.test(text(file)), `${rel}: useTranslations() without a namespace`).toBe(false);
      expect(/useMessages\(/.test(text(file)), `${rel}: useMessages sees only the client namespaces`).toBe(false);
    }
  });

  it("leave the server-only namespaces out, and the other pages' out of each scope", () => {
    for (const scope of Object.keys(CLIENT_SCOPES) as ClientScope[])
      expect(Object.keys(clientMessages(en, scope)).slice(0, 3)).toEqual(["common", "header", "errors"]);
    const submit = clientMessages(en, "submit");
    for (const ns of ["entry", "about", "mail", "admin", "settings", "board"])
      expect(Object.keys(submit)).not.toContain(ns);
    expect(Object.keys(clientMessages(en, "admin"))).toContain("admin");
  });

  it("send the board no translations: its client panel gets its wording as props (issue 46)", () => {
    expect(scopesOf(path.join(APP, "(site)", "page.tsx"))).toEqual([]);
    expect(namespacesOf(clientModulesOf(path.join(APP, "(site)", "page.tsx")))).toEqual(new Set());
  });

  it("name only namespaces (or parts of one) the messages have", () => {
    for (const [scope, paths] of Object.entries(CLIENT_SCOPES)) {
      const sent = clientMessages(en, scope as ClientScope) as Record<string, unknown>;
      for (const p of paths) {
        const value = p.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], sent);
        expect(typeof value === "object" && value !== null, `${scope}: ${p}`).toBe(true);
      }
    }
  });
});

// Client components get only CLIENT_NAMESPACES (lib/i18n/client-messages.ts): every namespace a
// module that runs in the browser ("use client" files and what they import) asks for must be among them, or that component would throw in the browser.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_NAMESPACES, clientMessages } from "@/lib/i18n/client-messages";
import en from "@/lib/i18n/messages/en.json";

const ROOT = path.resolve(__dirname, "../../..");
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

/** "use client" files and every module they import (those run in the browser too). */
function clientModules(): string[] {
  const all = ["app", "components", "lib"].flatMap((d) => files(path.join(ROOT, d)));
  const queue = all.filter((f) => /^\s*["']use client["']/m.test(readFileSync(f, "utf8")));
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*(?:\(\s*)?["']([^"']+)["']/g)) {
      const target = resolve(m[1], file);
      if (target && !seen.has(target) && !target.endsWith(".json")) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

describe("messages sent to the browser", () => {
  const client = clientModules();

  it("cover every namespace a client component uses, and client components always name one", () => {
    expect(client.length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const file of client) {
      const text = readFileSync(file, "utf8");
      expect(
        /useTranslations\(\s*\)/.test(text),
        `${path.relative(ROOT, file)}: useTranslations() without a namespace`,
      ).toBe(false);
      expect(
        /useMessages\(/.test(text),
        `${path.relative(ROOT, file)}: useMessages sees only the client namespaces`,
      ).toBe(false);
      for (const m of text.matchAll(/useTranslations\(\s*["'`]([^"'`]+)["'`]/g)) used.add(m[1].split(".")[0]);
    }
    expect([...used].filter((ns) => !(CLIENT_NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
    expect(used.size).toBeGreaterThan(3);
  });

  it("leave the server-only namespaces out", () => {
    const sent = Object.keys(clientMessages(en));
    expect(sent).toEqual([...CLIENT_NAMESPACES]);
    for (const ns of ["board", "entry", "about", "mail"]) expect(sent).not.toContain(ns);
  });
});

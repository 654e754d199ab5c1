// scripts/build/static-copies.mjs: after `next build`, each prerendered copy's HTML goes to
// public/prerendered/<build id>/ (the file next.config.js's rewrites name), replacing earlier
// builds' files, and a missing or foreign copy fails the step instead of serving a wrong page.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeStaticCopies } from "@/scripts/build/static-copies.mjs";
import { sourceHash } from "@/lib/dev/build-state.mjs";
import { copyFile, prerenderedPath, STATIC_LOCALES, STATIC_PAGES } from "@/lib/static-pages.mjs";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A checkout with a build `id` whose copies are `html(locale)` (or missing where it returns null). */
function checkout(id: string, html: (locale: string) => string | null = (l) => `<html lang="${l}">${id}</html>`) {
  const root = mkdtempSync(path.join(os.tmpdir(), "static-copies-"));
  roots.push(root);
  mkdirSync(path.join(root, ".next"), { recursive: true });
  writeFileSync(path.join(root, ".next", "BUILD_ID"), id);
  for (const page of STATIC_PAGES) {
    for (const locale of STATIC_LOCALES) {
      const body = html(locale);
      if (body === null) continue;
      const file = path.join(root, ".next", "server", "app", `${prerenderedPath(page, locale)}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
  }
  return root;
}

describe("static copies", () => {
  it("copies every page and locale to the file its rewrite names, and drops earlier builds' files", () => {
    const root = checkout("build2");
    const stale = path.join(root, "public", copyFile(STATIC_PAGES[0], "en", "build1"));
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, "old");
    const written = writeStaticCopies(root);
    expect(written).toHaveLength(STATIC_PAGES.length * STATIC_LOCALES.length);
    for (const page of STATIC_PAGES) {
      for (const locale of STATIC_LOCALES) {
        expect(readFileSync(path.join(root, "public", copyFile(page, locale, "build2")), "utf8")).toBe(`<html lang="${locale}">build2</html>`);
      }
    }
    expect(existsSync(stale)).toBe(false);
  });

  it("fails on a missing copy or one that names another build", () => {
    expect(() => writeStaticCopies(checkout("b3", (l) => (l === "zh" ? null : `x b3`)))).toThrow(/is missing/);
    expect(() => writeStaticCopies(checkout("b4", () => "<html>b3</html>"))).toThrow(/does not name build b4/);
    const noBuild = checkout("b5");
    rmSync(path.join(noBuild, ".next", "BUILD_ID"));
    expect(() => writeStaticCopies(noBuild)).toThrow(/BUILD_ID is missing/);
  });

  it("the copies are not a build input (the quick start would rebuild every time)", () => {
    const root = checkout("b6");
    mkdirSync(path.join(root, "public"), { recursive: true });
    writeFileSync(path.join(root, "public", "icon.svg"), "<svg/>");
    const before = sourceHash(root);
    writeStaticCopies(root);
    expect(sourceHash(root)).toBe(before);
  });
});

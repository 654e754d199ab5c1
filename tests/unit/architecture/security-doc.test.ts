// docs/SECURITY.md's tables name the test that holds each defence: a renamed or moved test must not
// leave the table pointing at nothing.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const doc = readFileSync(path.join(root, "docs/SECURITY.md"), "utf8");
const code = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
const testFiles = readdirSync(path.join(root, "tests"), { recursive: true, encoding: "utf8" }).map((f) =>
  path.basename(f),
);

describe("docs/SECURITY.md", () => {
  it("every repository path it names exists", () => {
    const paths = code.filter((c) => /^(tests|lib|app|components|workers|scripts|prisma|cli)\/\S+\.\w+$/.test(c));
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });

  it("every test named by its file name alone is exactly one file under tests/", () => {
    const bare = code.filter((c) => /^[\w.-]+\.(test|spec)\.tsx?$/.test(c));
    expect(bare.filter((b) => testFiles.filter((f) => f === b).length !== 1)).toEqual([]);
  });
});

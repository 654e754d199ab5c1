// Every committed WebAssembly binary (lib/scoring/**/binary.ts) is the build of its AssemblyScript
// sources and tables: a change to either without `npm run build:wasm` fails here.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

describe("WebAssembly binaries", () => {
  it("are the build of their sources (npm run build:wasm)", { timeout: 120_000 }, () => {
    const out = execFileSync(process.execPath, [path.join(root, "scripts/build/wasm.mjs"), "--check"], { cwd: root, encoding: "utf8" });
    expect(out).toMatch(/lexical\/fast\/binary\.ts .* is current/);
    expect(out).toMatch(/bootstrap-kernel\/binary\.ts .* is current/);
  });
});

import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// `import "server-only"` at the top of every lib/server module (tests/unit/architecture/
// server-only.test.ts) makes `next build` refuse a client component that imports one, directly
// or through other modules. Proven on a three-file app built by this repository's Next: its
// client component imports lib/server/env.ts (every secret of the deployment).

const ROOT = path.resolve(import.meta.dirname, "../../..");
// Inside the repository (Turbopack compiles nothing outside its root, the lockfile's folder),
// in a folder git, ESLint and tsc already ignore.
const APP = path.join(ROOT, "test-results", `server-only-build-${process.pid}`);

const files: Record<string, string> = {
  "app/layout.tsx": `export default function Layout({ children }: { children: React.ReactNode }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
  "app/page.tsx": `import { Probe } from "./probe";\nexport default function Page() {\n  return <Probe />;\n}\n`,
  "app/probe.tsx": `"use client";\nimport { env } from "../../../lib/server/env";\nexport function Probe() {\n  return <p>{env.JUDGE_MODEL}</p>;\n}\n`,
  // Without a proxy of its own, Next 16 picks up the repository's proxy.ts.
  "proxy.ts": `import { NextResponse } from "next/server";\nexport function proxy() {\n  return NextResponse.next();\n}\n`,
  // Likewise its instrumentation.ts (the environment check at start).
  "instrumentation.ts": `export function register() {}\n`,
  "next.config.mjs": `export default {};\n`,
};

function build(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build", APP], {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output: stripVTControlCharacters(output) }));
  });
}

afterAll(() => rmSync(APP, { recursive: true, force: true }));

describe("server-only", () => {
  it("next build fails when a client component imports a server module", async () => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(APP, name)), { recursive: true });
      writeFileSync(path.join(APP, name), text);
    }
    const { code, output } = await build();
    expect(code, output).not.toBe(0);
    expect(output).toMatch(/'server-only' cannot be imported from a Client Component module/);
    // The import trace names the server module and the client component that pulled it in.
    expect(output).toMatch(/lib\/server\/env\.ts/);
    expect(output).toMatch(/app\/probe\.tsx \[Client Component/);
  }, 300_000);
});

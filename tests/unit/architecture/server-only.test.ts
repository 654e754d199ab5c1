import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../../support/import-graph";

// Every module of lib/server/ is server code (secrets, the database, Redis, the judge's key):
// each says so first with `import "server-only"`, so `next build` refuses it in a client bundle
// (tests/integration/architecture/server-only-build.test.ts). Node processes resolve the marker
// to its empty module through bin/register.mjs, vitest through an alias in vitest.config.ts.

const run = promisify(execFile);
const probe = `import("./lib/server/env.ts").then(() => console.log("loaded"))`;

describe("server-only", () => {
  it("every lib/server module imports it on its first line", () => {
    const files = sourceFiles("lib/server");
    expect(files.length).toBeGreaterThan(50);
    const unmarked = files.filter(
      (f) => readFileSync(path.join(ROOT, f), "utf8").split("\n", 1)[0] !== `import "server-only";`,
    );
    expect(unmarked).toEqual([]);
  });

  it("plain Node refuses a server module; with bin/register.mjs it loads", async () => {
    const bare = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", probe], {
      cwd: ROOT,
    }).catch((e: { stderr: string }) => e);
    expect("stderr" in bare ? bare.stderr : "").toMatch(/cannot be imported from a Client Component module/);
    const registered = await run(
      process.execPath,
      ["--import", "./bin/register.mjs", "--input-type=module", "-e", probe],
      { cwd: ROOT },
    );
    expect(registered.stdout.trim()).toBe("loaded");
  }, 60_000);
});

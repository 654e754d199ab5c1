// Issue 45: stopping the quick start through its npm process. `npm run quickstart` runs package.json's
// command under npm; npm passes SIGINT/SIGTERM on to its child only, so the quick start must be that
// child (`exec`), and it stops on its own if npm goes without a word (SIGKILL). The quick start is
// stood in for by a script with the same stop wiring and two supervised children holding ports
// (the real one needs a build and a database; its shutdown path is the same `stop` called here).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const dev = (f: string) => pathToFileURL(path.join(ROOT, "scripts/dev", f)).href;
const STAND_IN = `
import { supervise } from ${JSON.stringify(dev("supervisor.mjs"))};
import { stopOnSignalOrOrphan } from ${JSON.stringify(dev("quickstart-steps.mjs"))};
const ports = [];
const listen = "require('net').createServer().listen(0, '127.0.0.1', function () { console.log(this.address().port) })";
const kids = [0, 1].map((i) => supervise({ name: "c" + i, args: ["-e", listen], env: process.env, cwd: process.cwd(),
  log: () => {}, onLine: (l) => { ports.push(Number(l)); if (ports.length === 2) console.log("ready " + JSON.stringify({ ports, pids: kids.map((k) => k.pid) })); } }));
let stopping = false;
stopOnSignalOrOrphan(async () => { if (stopping) return; stopping = true; for (const k of kids) await k.stop(); process.exit(0); });
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
async function until(ok: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await ok()) return true;
  return ok();
}

let npm: ChildProcess | undefined;
afterEach(() => {
  if (npm?.pid) {
    try {
      process.kill(-npm.pid, "SIGKILL"); // whatever a failed test left behind
    } catch {
      // gone
    }
  }
});

/** `npm run quickstart` with package.json's own command, the stand-in in place of the script; once its children listen. */
async function startViaNpm(): Promise<{ ports: number[]; pids: number[] }> {
  const command = (
    JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts.quickstart!;
  expect(command).toContain("scripts/dev/quickstart.mjs");
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-qs-stop-"));
  writeFileSync(path.join(dir, "stand-in.mjs"), STAND_IN);
  const scripts = { quickstart: command.replace("scripts/dev/quickstart.mjs", "stand-in.mjs") };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "qs-stop", version: "1.0.0", scripts }));
  npm = spawn("npm", ["run", "--silent", "quickstart"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    npm!.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /ready (\{.*\})/.exec(out);
      if (m) resolve(JSON.parse(m[1]!) as { ports: number[]; pids: number[] });
    });
    npm!.once("exit", (code) => reject(new Error(`npm exited (${code}) before the stand-in was ready: ${out}`)));
  });
}

describe("stopping the quick start through npm", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    it(`${signal} to the npm process stops every child and frees their ports; npm exits after them`, async () => {
      const { ports, pids } = await startViaNpm();
      expect(pids.every(alive)).toBe(true);
      const exited = new Promise((r) => npm!.once("exit", r));
      process.kill(npm!.pid!, signal);
      await exited;
      // npm waited for its child, which stopped its own children first.
      expect(pids.filter(alive)).toEqual([]);
      for (const p of ports) expect(await portFree(p)).toBe(true);
    }, 30_000);

  it("a killed npm (no signal passed on) leaves nothing running", async () => {
    const { ports, pids } = await startViaNpm();
    process.kill(npm!.pid!, "SIGKILL");
    expect(await until(() => pids.every((p) => !alive(p)), 10_000)).toBe(true);
    for (const p of ports) expect(await portFree(p)).toBe(true);
  }, 30_000);
});

describe("the quick start's services file", () => {
  it("is where the CLI's server commands look for it", async () => {
    const { SERVICES_FILE: written } = await import("../../../scripts/dev/quickstart-steps.mjs");
    const { SERVICES_FILE: read } = await import("../../../cli/server-env");
    expect(read).toBe(written);
  });
});

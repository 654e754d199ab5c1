// Issue 47 (the lows): without AUTH_URL in production the worker and the web server stop at start
// with the list of problems (no stack), before touching Postgres or Redis.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../../..");
const env = {
  PATH: process.env.PATH,
  NODE_ENV: "production" as const,
  NEXT_RUNTIME: "nodejs",
  // Nothing listens here: a process that got past the check would hang or fail differently.
  DATABASE_URL: "postgresql://u@127.0.0.1:9/none",
  REDIS_URL: "redis://127.0.0.1:9",
};
const run = (args: string[]) =>
  spawnSync(process.execPath, ["--import", "./bin/register.mjs", ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });

describe("AUTH_URL at start in production", () => {
  it("the worker refuses to start, naming AUTH_URL", () => {
    const r = run(["workers/index.ts"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("The worker did not start. Invalid environment configuration:");
    expect(r.stderr).toContain("AUTH_URL: is required when NODE_ENV=production");
    expect(r.stderr).toContain("RECEIPT_SIGNING_KEY: is required when NODE_ENV=production");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("the web server's start hook refuses too", () => {
    const r = run(["-e", 'import("./instrumentation.ts").then((m) => m.register())']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("The web server did not start.");
    expect(r.stderr).toContain("AUTH_URL: is required when NODE_ENV=production");
  }, 60_000);
});

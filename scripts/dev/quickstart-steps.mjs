// Helpers of scripts/dev/quickstart.mjs (plain Node ESM, built-in imports only: they run before `npm ci`).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isRoot, portIsFree } from "./services.mjs";
import { pipeLines } from "./quickstart-log.mjs";

/** What the CLI's server commands read when DATABASE_URL is unset (cli/server-env.ts names it too; a test holds them equal). */
export const SERVICES_FILE = ".data/services.env";

/** Runs a command to completion with its output going through the quick-start log; resolves to its exit code. */
export function runLogged(log, name, command, args, { env = process.env, cwd = process.cwd() } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    pipeLines(child.stdout, (l) => log.childLine(name, l, false));
    pipeLines(child.stderr, (l) => log.childLine(name, l, true));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export function embeddedPgDir(root) {
  // As root the server runs as `postgres`, which cannot enter a root-owned checkout: keep the cluster outside it.
  if (!isRoot()) return path.join(root, ".data", "pg");
  const tag = createHash("sha256").update(root).digest("hex").slice(0, 10);
  const base = existsSync("/var/tmp") ? "/var/tmp" : os.tmpdir();
  return path.join(base, `h2hmem-${tag}`, "pg");
}

/**
 * Ctrl-C, SIGTERM or SIGHUP call `stop`. npm passes SIGINT/SIGTERM on to its child, which is this process
 * (package.json runs it with `exec`); should the parent go without a signal reaching us (npm killed, or a
 * shell in between), `stop` is called too, rather than leave the services running with nobody to stop them.
 */
export function stopOnSignalOrOrphan(stop) {
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, stop);
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop(), 500).unref();
}

export function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function pickPort(config, say) {
  if (config.PORT) {
    const p = Number(config.PORT);
    if (!(await portIsFree(p, "0.0.0.0")))
      throw new Error(
        `port ${p} (PORT) is already in use: stop what uses it (e.g. \`lsof -i :${p}\`) or set PORT to a free port`,
      );
    return p;
  }
  for (let p = 3000; p < 3020; p++) {
    if (await portIsFree(p, "0.0.0.0")) {
      if (p !== 3000) say(`port 3000 is in use; using ${p} (set PORT to choose)`);
      return p;
    }
  }
  throw new Error("ports 3000-3019 are all in use: set PORT to a free port");
}

/** Resolves with the first status below 500 from `url` (anything listening there). */
export async function waitForHttp(
  url,
  { timeoutMs = 90_000, what = "the web app", hint = "see the web| lines above" } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return res.status;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer on ${url} within ${timeoutMs / 1000} s (${hint})`);
}

export function credentials() {
  const file = "prisma/seed-data/credentials.json";
  if (!existsSync(file)) return [];
  // Written by prisma/seed.ts: { accounts: [{ email, password, role }] }
  // (a bare array or a { role: { email, password } } map are accepted too).
  const data = JSON.parse(readFileSync(file, "utf8"));
  const list = Array.isArray(data)
    ? data
    : Array.isArray(data.accounts)
      ? data.accounts
      : Object.entries(data).map(([role, v]) => ({ role, ...v }));
  return list.filter((c) => c && typeof c === "object" && c.email && c.password);
}

/**
 * The address the quick start names: AUTH_URL's (sign-in keeps its session on that host only; the
 * app's links, mails and feeds use it), else http://localhost:PORT, which it then sets as AUTH_URL.
 */
export function appAddress(authUrl, port) {
  if (!authUrl) return `http://localhost:${port}`;
  const u = new URL(authUrl);
  return `${u.origin}${u.pathname === "/" ? "" : u.pathname.replace(/\/$/, "")}`;
}

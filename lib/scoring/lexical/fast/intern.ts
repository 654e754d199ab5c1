// The scorer's token table: token text -> small integer id, looked up straight from a range of
// a text's code units (token-ranges.ts). A Map<string, number> would need a string per token (a
// slice, then its hash); here the hash is computed over the range's characters and compared with
// the stored key's characters, so a token already in the table costs no allocation. Only new
// tokens are copied, into one character pool (never views of the caller's text, so no text is
// kept alive).
//
// Open addressing with linear probing, at most half full; the table grows by doubling. The
// hash is seeded per process, so crafted inputs cannot aim at one probe sequence.

/** Most ids and key characters the table may hold (the caller empties it before that). */
export const MAX_IDS = 1 << 17;
export const MAX_CHARS = 1 << 23;

// 2^15 slots (256 KB), at most half full: a full submission's distinct tokens (6,127 in bench:cli's
// 2,236 pairs) fit without the three rehashes that growing from 2^12 took.
const INITIAL_BITS = 15;
let mask = (1 << INITIAL_BITS) - 1;
// Slot p: table[2p] = id (-1 = empty), table[2p + 1] = the key's hash.
let table = new Int32Array(2 << INITIAL_BITS).fill(-1);
const hashOf = new Int32Array(MAX_IDS);
const keyStart = new Int32Array(MAX_IDS);
const keyLength = new Int32Array(MAX_IDS);
let pool = new Uint16Array(1 << 16);
let poolUsed = 0;
let count = 0;
const SEED = (Math.random() * 0x100000000) | 0;

/** Number of ids handed out since the table was last emptied. */
export function internedCount(): number {
  return count;
}

/** Characters held by the keys. */
export function internedChars(): number {
  return poolUsed;
}

/** Empty the table: every id handed out before is void. */
export function clearInterned(): void {
  // Buffers grown by a burst of distinct tokens are given back (they regrow if needed).
  if (mask + 1 > 1 << 16) mask = (1 << INITIAL_BITS) - 1;
  if (table.length !== 2 * (mask + 1)) table = new Int32Array(2 * (mask + 1));
  table.fill(-1);
  if (pool.length > 1 << 20) pool = new Uint16Array(1 << 16);
  count = 0;
  poolUsed = 0;
}

/** The table's hash of codes[a, b) (exported for tests that need colliding keys). */
export function hashCodes(codes: Uint16Array, a: number, b: number): number {
  let h = SEED ^ (b - a);
  for (let i = a; i < b; i++) h = Math.imul(h ^ codes[i], 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

function sameKey(id: number, codes: Uint16Array, a: number, len: number): boolean {
  if (keyLength[id] !== len) return false;
  const k = keyStart[id];
  for (let j = 0; j < len; j++) if (pool[k + j] !== codes[a + j]) return false;
  return true;
}

let scratch = new Uint16Array(256);

/** Id of a token given as a string (copied to a scratch array first). */
export function internString(t: string): number {
  if (scratch.length < t.length) scratch = new Uint16Array(2 * t.length);
  for (let i = 0; i < t.length; i++) scratch[i] = t.charCodeAt(i);
  const id = internCodes(scratch, 0, t.length);
  if (scratch.length > 1 << 16) scratch = new Uint16Array(256);
  return id;
}

/**
 * Id of the token codes[a, b). New tokens get the next id (ids are 0, 1, 2, ... in order of
 * first appearance). The caller keeps the table within MAX_IDS and MAX_CHARS.
 */
export function internCodes(codes: Uint16Array, a: number, b: number): number {
  const h = hashCodes(codes, a, b);
  const len = b - a;
  let p = h & mask;
  for (;;) {
    const id = table[2 * p];
    if (id < 0) break;
    if (table[2 * p + 1] === h && sameKey(id, codes, a, len)) return id;
    p = (p + 1) & mask;
  }
  if (count >= MAX_IDS || poolUsed + len > MAX_CHARS) throw new Error("token table full");
  const id = count++;
  if (poolUsed + len > pool.length) growPool(poolUsed + len);
  for (let j = 0; j < len; j++) pool[poolUsed + j] = codes[a + j];
  keyStart[id] = poolUsed;
  keyLength[id] = len;
  poolUsed += len;
  hashOf[id] = h;
  table[2 * p] = id;
  table[2 * p + 1] = h;
  if (2 * count > mask + 1) growTable();
  return id;
}

function growPool(needed: number): void {
  let size = pool.length * 2;
  while (size < needed) size *= 2;
  const next = new Uint16Array(size);
  next.set(pool.subarray(0, poolUsed));
  pool = next;
}

function growTable(): void {
  mask = mask * 2 + 1;
  table = new Int32Array(2 * (mask + 1)).fill(-1);
  for (let id = 0; id < count; id++) {
    let p = hashOf[id] & mask;
    while (table[2 * p] >= 0) p = (p + 1) & mask;
    table[2 * p] = id;
    table[2 * p + 1] = hashOf[id];
  }
}

// The token table: token bytes -> small integer id, ids in order of first appearance, with the
// punctuation and stopword flags of each id (../../filter.ts's rules), so the metrics count ids
// instead of hashing strings per pair. Open addressing with linear probing, at most half full,
// seeded hash (the host's random seed: crafted inputs cannot aim at one probe sequence). Bounded:
// the caller empties it before a pair that could overflow it (ids of earlier pairs are then void).
import { SET_STOP_NEW, SET_STOP_OLD, lookup } from "./sets";

export const MAX_IDS = 1 << 17;
export const MAX_BYTES = 1 << 23;
export const F_PUNCT: u8 = 1;
export const F_STOP_NEW: u8 = 2;
export const F_STOP_OLD: u8 = 4;

const INITIAL_BITS = 15;
let mask = (1 << INITIAL_BITS) - 1;
let table: usize = heap.alloc(<usize>(mask + 1) << 3); // slot: id (-1 = empty), hash
const hashOf: usize = heap.alloc(<usize>MAX_IDS << 2);
const keyStart: usize = heap.alloc(<usize>MAX_IDS << 2);
const keyLength: usize = heap.alloc(<usize>MAX_IDS << 2);
export const flags: usize = heap.alloc(<usize>MAX_IDS);
let pool: usize = heap.alloc(1 << 16);
let poolCap = 1 << 16;
let poolUsed = 0;
let count = 0;
let seed: u32 = 0;
memory.fill(table, 0xff, <usize>(mask + 1) << 3);

// Python's string.punctuation (32 ASCII characters).
const PUNCT = new StaticArray<u8>(128);
const PUNCT_CHARS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
for (let k = 0; k < PUNCT_CHARS.length; k++) unchecked((PUNCT[PUNCT_CHARS.charCodeAt(k)] = 1));

export function setSeed(s: u32): void {
  seed = s;
}

export function internedCount(): i32 {
  return count;
}

export function internedBytes(): i32 {
  return poolUsed;
}

/** Empty the table: every id handed out before is void. */
export function clearTable(): void {
  memory.fill(table, 0xff, <usize>(mask + 1) << 3);
  count = 0;
  poolUsed = 0;
}

export function hashBytes(a: usize, len: i32): u32 {
  let h: u32 = seed ^ <u32>len;
  for (let i = 0; i < len; i++) h = (h ^ <u32>load<u8>(a + i)) * 0x01000193;
  h ^= h >> 15;
  h *= 0x2c1b3c6d;
  return h ^ (h >> 12);
}

function flagsOf(a: usize, len: i32): u8 {
  let punct = len > 0;
  for (let i = 0; i < len && punct; i++) {
    const c = <i32>load<u8>(a + i);
    punct = c < 128 && unchecked(PUNCT[c]) == 1;
  }
  let f: u8 = punct ? F_PUNCT : 0;
  if (lookup(SET_STOP_NEW, a, len) >= 0) f |= F_STOP_NEW;
  if (lookup(SET_STOP_OLD, a, len) >= 0) f |= F_STOP_OLD;
  return f;
}

/** Id of the token [a, b) (absolute byte pointers); the caller keeps the table within its bounds. */
export function intern(a: usize, b: usize): i32 {
  const len = <i32>(b - a);
  const h = hashBytes(a, len);
  let p = <i32>h & mask;
  for (;;) {
    const slot = table + (<usize>p << 3);
    const id = load<i32>(slot);
    if (id < 0) break;
    if (load<u32>(slot, 4) == h && load<i32>(keyLength + (<usize>id << 2)) == len && memory.compare(pool + <usize>load<i32>(keyStart + (<usize>id << 2)), a, <usize>len) == 0) return id;
    p = (p + 1) & mask;
  }
  const id = count++;
  if (poolUsed + len > poolCap) {
    let cap = poolCap << 1;
    while (cap < poolUsed + len) cap <<= 1;
    pool = heap.realloc(pool, <usize>cap);
    poolCap = cap;
  }
  memory.copy(pool + <usize>poolUsed, a, <usize>len);
  store<i32>(keyStart + (<usize>id << 2), poolUsed);
  store<i32>(keyLength + (<usize>id << 2), len);
  store<u32>(hashOf + (<usize>id << 2), h);
  store<u8>(flags + <usize>id, flagsOf(a, len));
  poolUsed += len;
  const slot = table + (<usize>p << 3);
  store<i32>(slot, id);
  store<u32>(slot, h, 4);
  if (2 * count > mask + 1) growTable();
  return id;
}

function growTable(): void {
  mask = mask * 2 + 1;
  table = heap.alloc(<usize>(mask + 1) << 3);
  memory.fill(table, 0xff, <usize>(mask + 1) << 3);
  for (let id = 0; id < count; id++) {
    const h = load<u32>(hashOf + (<usize>id << 2));
    let p = <i32>h & mask;
    while (load<i32>(table + (<usize>p << 3)) >= 0) p = (p + 1) & mask;
    store<i32>(table + (<usize>p << 3), id);
    store<u32>(table + (<usize>p << 3), h, 4);
  }
}

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

// 2^13 slots to start (128 KB): a fresh process touches only what it uses (a page costs ~15 us).
const INITIAL_BITS = 13;
let mask = (1 << INITIAL_BITS) - 1;
// Slot (16 bytes): the token's key (below), its hash, its id + 1 (0 = empty: fresh memory is empty). A token of up to 7
// bytes is its key: the bytes and the length in one u64, so a lookup compares one number and
// touches one cache line. A longer token's key is its first 7 bytes and the mark 0xff; its bytes
// are then compared with the copy in the pool.
let table: usize = heap.alloc(<usize>(mask + 1) << 4); // fresh, so already empty
const keyStart: usize = heap.alloc(<usize>MAX_IDS << 2);
const keyLength: usize = heap.alloc(<usize>MAX_IDS << 2);
export const flags: usize = heap.alloc(<usize>MAX_IDS);
let pool: usize = heap.alloc(1 << 16);
let poolCap = 1 << 16;
let poolUsed = 0;
let count = 0;
let seed: u64 = 0;

function newTable(slots: i32): usize {
  const t = heap.alloc(<usize>slots << 4);
  memory.fill(t, 0, <usize>slots << 4);
  return t;
}

// Python's string.punctuation (32 ASCII characters).
const PUNCT = new StaticArray<u8>(128);
const PUNCT_CHARS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
for (let k = 0; k < PUNCT_CHARS.length; k++) unchecked((PUNCT[PUNCT_CHARS.charCodeAt(k)] = 1));

export function setSeed(s: u32): void {
  seed = (<u64>s << 32) | <u64>(s ^ 0x9e3779b9);
}

export function internedCount(): i32 {
  return count;
}

export function internedBytes(): i32 {
  return poolUsed;
}

/** Empty the table: every id handed out before is void. */
export function clearTable(): void {
  memory.fill(table, 0, <usize>(mask + 1) << 4);
  count = 0;
  poolUsed = 0;
}

/**
 * The key of the token [a, a + len) (see the slot above). Reads 8 bytes at a: every buffer a
 * token lies in has 8 bytes of room after its end (buffers.ts), and static data is followed by
 * more memory.
 */
function keyOf(a: usize, len: i32): u64 {
  const head = load<u64>(a);
  return len < 8 ? (head & ((<u64>1 << (<u64>len << 3)) - 1)) | (<u64>len << 56) : (head & 0x00ffffffffffffff) | 0xff00000000000000;
}

/** The table's (seeded) hash of a token and its key. */
export function hashBytes(a: usize, len: i32): u32 {
  let h = (keyOf(a, len) ^ seed) * 0x9e3779b97f4a7c15;
  for (let i = 7; i < len; i += 8) {
    const rest = len - i;
    const chunk = rest >= 8 ? load<u64>(a + i) : load<u64>(a + i) & ((<u64>1 << (<u64>rest << 3)) - 1);
    h = (h ^ (h >> 29) ^ chunk) * 0xbf58476d1ce4e5b9;
  }
  return <u32>(h >> 32);
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
  const key = keyOf(a, len);
  const h = hashBytes(a, len);
  let p = <i32>h & mask;
  for (;;) {
    const slot = table + (<usize>p << 4);
    const id = load<i32>(slot, 12) - 1;
    if (id < 0) break;
    if (load<u64>(slot) == key && load<u32>(slot, 8) == h) {
      if (len < 8) return id;
      if (load<i32>(keyLength + (<usize>id << 2)) == len && memory.compare(pool + <usize>load<i32>(keyStart + (<usize>id << 2)), a, <usize>len) == 0) return id;
    }
    p = (p + 1) & mask;
  }
  const id = count++;
  if (len >= 8) {
    if (poolUsed + len > poolCap) {
      let cap = poolCap << 1;
      while (cap < poolUsed + len) cap <<= 1;
      pool = heap.realloc(pool, <usize>cap);
      poolCap = cap;
    }
    memory.copy(pool + <usize>poolUsed, a, <usize>len);
    store<i32>(keyStart + (<usize>id << 2), poolUsed);
    store<i32>(keyLength + (<usize>id << 2), len);
    poolUsed += len;
  }
  store<u8>(flags + <usize>id, flagsOf(a, len));
  const slot = table + (<usize>p << 4);
  store<u64>(slot, key);
  store<u32>(slot, h, 8);
  store<i32>(slot, id + 1, 12);
  if (2 * count > mask + 1) growTable();
  return id;
}

function growTable(): void {
  const old = table;
  const slots = mask + 1;
  mask = mask * 2 + 1;
  table = newTable(mask + 1);
  for (let s = 0; s < slots; s++) {
    const from = old + (<usize>s << 4);
    if (load<i32>(from, 12) == 0) continue;
    let p = <i32>load<u32>(from, 8) & mask;
    while (load<i32>(table + (<usize>p << 4), 12) != 0) p = (p + 1) & mask;
    memory.copy(table + (<usize>p << 4), from, 16);
  }
  heap.free(old);
}

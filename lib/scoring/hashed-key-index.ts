// First-seen index per key for the duplicate-question warning, remembering a 128-bit hash of each
// key instead of the (normalised, hundreds of bytes) key itself: an open-addressing table in typed
// arrays, ~20 bytes per slot and no object per key, so a 10-million-item file costs ~0.3-0.5 GB
// less than a Map of strings and gives the garbage collector nothing to trace.
// The hash: four 32-bit multiply-xor lanes (distinct seeds and odd multipliers), each finished
// with the MurmurHash3 avalanche and cross-mixed. Two different keys collide with probability
// ~2^-128 for ordinary (non-adversarial) text; a collision could only add a spurious
// DUPLICATE_QUESTION warning naming the wrong earlier item, never change a score.

function avalanche(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Writes the four 32-bit lanes of `s`'s hash into out[0..3]. */
export function hash128Into(s: string, out: Uint32Array): void {
  let a = 0x811c9dc5 ^ s.length;
  let b = 0x9e3779b9;
  let c = 0x27d4eb2f;
  let d = 0x165667b1;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x5bd1e995);
    c = Math.imul(c ^ ch, 0x9e3779b1);
    d = Math.imul(d ^ ch, 0xcc9e2d51);
  }
  out[0] = a = avalanche(a ^ Math.imul(d, 0x1b873593));
  out[1] = b = avalanche(b ^ a);
  out[2] = c = avalanche(c ^ b);
  out[3] = avalanche(d ^ c);
}

export class HashedKeyIndex {
  private capacity = 1024;
  private lanes = new Uint32Array(this.capacity * 4);
  /** First index + 1 per slot; 0 = empty. */
  private firsts = new Int32Array(this.capacity);
  private size = 0;
  private readonly h = new Uint32Array(4);

  /** The index first recorded for `key`, or -1 after recording `index` for it. */
  firstOrAdd(key: string, index: number): number {
    const h = this.h;
    hash128Into(key, h);
    const found = this.find(h);
    if (this.firsts[found] !== 0) return this.firsts[found] - 1;
    this.put(found, h, index);
    if (++this.size * 4 > this.capacity * 3) this.grow();
    return -1;
  }

  /** Linear probing: the slot holding hash `h`, or the empty slot where it belongs. */
  private find(h: Uint32Array): number {
    const mask = this.capacity - 1;
    for (let slot = h[0] & mask; ; slot = (slot + 1) & mask) {
      if (this.firsts[slot] === 0) return slot;
      const at = slot * 4;
      if (this.lanes[at] === h[0] && this.lanes[at + 1] === h[1] && this.lanes[at + 2] === h[2] && this.lanes[at + 3] === h[3]) return slot;
    }
  }

  private put(slot: number, h: Uint32Array, index: number): void {
    this.lanes.set(h, slot * 4);
    this.firsts[slot] = index + 1;
  }

  private grow(): void {
    const { lanes, firsts } = this;
    this.capacity *= 2;
    this.lanes = new Uint32Array(this.capacity * 4);
    this.firsts = new Int32Array(this.capacity);
    const h = new Uint32Array(4);
    for (let slot = 0; slot < firsts.length; slot++) {
      if (firsts[slot] === 0) continue;
      h.set(lanes.subarray(slot * 4, slot * 4 + 4));
      this.put(this.find(h), h, firsts[slot] - 1);
    }
  }
}

// Seeded PRNG (mulberry32) so confidence intervals are reproducible bit for bit across machines.

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0; // uniform uint32
  };
}

/** FNV-1a 32-bit: an independent stream per resampling stratum from one seed. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Uniform integer in [0, n) from a uint32 (multiply-shift; bias < n / 2^32, negligible here). */
export function drawIndex(u32: number, n: number): number {
  return Math.floor((u32 / 4294967296) * n);
}

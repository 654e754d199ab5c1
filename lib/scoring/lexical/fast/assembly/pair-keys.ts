// A pair's key for callers that remember results by text (the CLI's lexical cache,
// cli/lexical-cache.ts, whose pairKey is the same function in TypeScript): two independent 32-bit
// hashes over both texts' UTF-16 code units. The host writes the texts as UTF-16LE, so a lone
// surrogate keeps its own code unit (UTF-8 would turn it into U+FFFD).

/** Hashes of `pairs` pairs: UTF-16 lengths at `lengths` (2 per pair), texts from `texts`; 2 i32 per pair to `out`. */
export function pairHashes(lengths: usize, texts: usize, pairs: i32, out: usize): void {
  let p = texts;
  for (let i = 0; i < pairs; i++) {
    let a: i32 = 0x811c9dc5;
    let b: i32 = 0x9747b28c;
    for (let t = 0; t < 2; t++) {
      const units = load<i32>(lengths + (<usize>(2 * i + t) << 2));
      for (let k = 0; k < units; k++) {
        const c = <i32>load<u16>(p + (<usize>k << 1));
        a = (a ^ c) * 0x01000193;
        b = (b ^ c) * 0x5bd1e995;
        b ^= <i32>(<u32>b >> 15);
      }
      p += <usize>units << 1;
      a = (a ^ 0x10000) * 0x01000193; // a separator no UTF-16 unit equals (the lengths also tell)
    }
    a ^= <i32>(<u32>a >> 16);
    a = a * 0x85ebca6b;
    a ^= <i32>(<u32>a >> 13);
    store<i32>(out + (<usize>i << 3), a);
    store<i32>(out + (<usize>i << 3), b, 4);
  }
}

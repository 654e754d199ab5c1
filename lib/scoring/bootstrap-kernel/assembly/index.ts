// The bootstrap's resample loop (../../bootstrap.ts: bootstrapRange for up to four columns and
// n < 2^16, every real cell) in WebAssembly SIMD: four resamples side by side, one per lane of
// mulberry32's state (stream b starts at seed + b * n * GOLDEN, so every lane can start anywhere),
// each adding its draws to its own four sums in draw order: the same additions in the same order
// as the TypeScript loop, so the same numbers, at about a quarter of the cost.

const GOLDEN: i32 = 0x6d2b79f5;

let packedAt: usize = 0;
let packedCap = 0;
let outAt: usize = 0;
let outCap = 0;

/** Host: room for the packed columns (4 f64 per question); its address. */
export function packedArea(bytes: i32): usize {
  if (bytes > packedCap) {
    packedAt = heap.alloc(<usize>bytes);
    packedCap = bytes;
  }
  return packedAt;
}

/** Host: room for the means of `count` resamples x 4 columns; its address. */
export function outArea(count: i32): usize {
  if (count * 32 > outCap) {
    outAt = heap.alloc(<usize>count * 32);
    outCap = count * 32;
  }
  return outAt;
}

/**
 * Resamples [from, to) of the n questions in the packed area: column c's mean of resample b goes to
 * out[c * (to - from) + (b - from)] (four columns; unused ones are zeros in the packed area).
 */
export function resampleMeans(n: i32, from: i32, to: i32, seed: i32): void {
  const count = to - from;
  const step = n * GOLDEN;
  const vGolden = i32x4.splat(GOLDEN);
  const vN = i32x4.splat(n);
  const low16 = i32x4.splat(0xffff);
  const one = i32x4.splat(1);
  const sixtyOne = i32x4.splat(61);
  const dn = <f64>n;
  for (let b = from; b < to; b += 4) {
    const a0 = seed + b * step;
    let a = i32x4(a0, a0 + step, a0 + 2 * step, a0 + 3 * step);
    // Lane k's four sums: (column 0, 1) in sK0, (column 2, 3) in sK1.
    let s00 = f64x2.splat(0);
    let s01 = f64x2.splat(0);
    let s10 = f64x2.splat(0);
    let s11 = f64x2.splat(0);
    let s20 = f64x2.splat(0);
    let s21 = f64x2.splat(0);
    let s30 = f64x2.splat(0);
    let s31 = f64x2.splat(0);
    for (let i = 0; i < n; i++) {
      a = i32x4.add(a, vGolden);
      let t = i32x4.mul(v128.xor(a, i32x4.shr_u(a, 15)), v128.or(a, one));
      t = v128.xor(t, i32x4.add(t, i32x4.mul(v128.xor(t, i32x4.shr_u(t, 7)), v128.or(t, sixtyOne))));
      t = v128.xor(t, i32x4.shr_u(t, 14));
      // drawIndexSmall: floor(t * n / 2^32) in 32-bit lanes.
      const q = i32x4.shr_u(i32x4.add(i32x4.mul(i32x4.shr_u(t, 16), vN), i32x4.shr_u(i32x4.mul(v128.and(t, low16), vN), 16)), 16);
      const p0 = packedAt + (<usize>i32x4.extract_lane(q, 0) << 5);
      const p1 = packedAt + (<usize>i32x4.extract_lane(q, 1) << 5);
      const p2 = packedAt + (<usize>i32x4.extract_lane(q, 2) << 5);
      const p3 = packedAt + (<usize>i32x4.extract_lane(q, 3) << 5);
      s00 = f64x2.add(s00, v128.load(p0));
      s01 = f64x2.add(s01, v128.load(p0, 16));
      s10 = f64x2.add(s10, v128.load(p1));
      s11 = f64x2.add(s11, v128.load(p1, 16));
      s20 = f64x2.add(s20, v128.load(p2));
      s21 = f64x2.add(s21, v128.load(p2, 16));
      s30 = f64x2.add(s30, v128.load(p3));
      s31 = f64x2.add(s31, v128.load(p3, 16));
    }
    const k = b - from;
    store4(k, count, s00, s01, dn);
    if (k + 1 < count) store4(k + 1, count, s10, s11, dn);
    if (k + 2 < count) store4(k + 2, count, s20, s21, dn);
    if (k + 3 < count) store4(k + 3, count, s30, s31, dn);
  }
}

function store4(k: i32, count: i32, lo: v128, hi: v128, n: f64): void {
  store<f64>(outAt + (<usize>k << 3), f64x2.extract_lane(lo, 0) / n);
  store<f64>(outAt + (<usize>(count + k) << 3), f64x2.extract_lane(lo, 1) / n);
  store<f64>(outAt + (<usize>(2 * count + k) << 3), f64x2.extract_lane(hi, 0) / n);
  store<f64>(outAt + (<usize>(3 * count + k) << 3), f64x2.extract_lane(hi, 1) / n);
}

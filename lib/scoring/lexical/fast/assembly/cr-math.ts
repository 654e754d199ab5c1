// Correctly rounded log and exp in double-double arithmetic: ../../cr-math.ts operation for
// operation (IEEE doubles give the same bits in WebAssembly as in JavaScript), so BLEU-1 here is
// bit-identical to the TypeScript engine's. Each operation leaves its result in (H, L).

let H: f64 = 0;
let L: f64 = 0;

const SPLITTER: f64 = 134217729; // 2^27 + 1, Dekker split
const LN2_HI: f64 = 0.6931471805599453;
const LN2_LO: f64 = 2.3190468138462996e-17;
const LN2_LO2: f64 = 5.707708438416212e-34;
const LOG_TERMS = 22;
const EXP_TERMS = 11;

function twoSum(a: f64, b: f64): void {
  const s = a + b;
  const bb = s - a;
  H = s;
  L = a - (s - bb) + (b - bb);
}

function quickTwoSum(a: f64, b: f64): void {
  const s = a + b;
  H = s;
  L = b - (s - a);
}

function twoProd(a: f64, b: f64): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  H = p;
  L = ah * bh - p + ah * bl + al * bh + al * bl;
}

function add(ah: f64, al: f64, bh: f64, bl: f64): void {
  twoSum(ah, bh);
  const s0 = H;
  const s1 = L;
  twoSum(al, bl);
  const t1 = L;
  quickTwoSum(s0, s1 + H);
  quickTwoSum(H, L + t1);
}

function mul(ah: f64, al: f64, bh: f64, bl: f64): void {
  twoProd(ah, bh);
  quickTwoSum(H, L + (ah * bl + al * bh));
}

function div(ah: f64, al: f64, bh: f64, bl: f64): void {
  const q1 = ah / bh;
  mul(bh, bl, q1, 0);
  add(ah, al, -H, -L);
  const r0 = H;
  const r1 = L;
  const q2 = r0 / bh;
  mul(bh, bl, q2, 0);
  add(r0, r1, -H, -L);
  const q3 = H / bh;
  quickTwoSum(q1, q2);
  add(H, L, q3, 0);
}

// 1 / (2k + 1) and 1 / n! as double-doubles (hi, lo pairs), computed as ../../cr-math.ts does.
const INV_ODD = new StaticArray<f64>(2 * (LOG_TERMS + 1));
for (let k = 0; k <= LOG_TERMS; k++) {
  div(1, 0, <f64>(2 * k + 1), 0);
  unchecked((INV_ODD[2 * k] = H));
  unchecked((INV_ODD[2 * k + 1] = L));
}
const INV_FACT = new StaticArray<f64>(2 * EXP_TERMS);
{
  let fh: f64 = 1;
  let fl: f64 = 0;
  for (let n = 1; n <= EXP_TERMS; n++) {
    div(fh, fl, <f64>n, 0);
    fh = H;
    fl = L;
    unchecked((INV_FACT[2 * (n - 1)] = fh));
    unchecked((INV_FACT[2 * (n - 1) + 1] = fl));
  }
}

/** n * ln2 (n an integer, |n| < 2^11). */
function kLn2(n: f64): void {
  twoProd(n, LN2_HI);
  const ah = H;
  const al = L;
  twoProd(n, LN2_LO);
  add(ah, al, H, L);
  add(H, L, n * LN2_LO2, 0);
}

/** 2^k for -1022 <= k <= 1023, exactly. */
function pow2(k: i32): f64 {
  return reinterpret<f64>(<u64>(k + 1023) << 52);
}

/** Correctly rounded ln(x) for a normal x > 0 (BLEU's m / h always is). */
export function crLog(x: f64): f64 {
  if (x == 1) return 0;
  const bits = reinterpret<u64>(x);
  let e = <i32>((bits >> 52) & 0x7ff) - 1023;
  // x / 2^e in [1, 2), then centred on 1: [sqrt(1/2), sqrt(2)].
  let f = reinterpret<f64>((bits & 0x000fffffffffffff) | 0x3ff0000000000000);
  if (f > Math.SQRT2) {
    f /= 2;
    e += 1;
  }
  twoSum(f, 1);
  div(f - 1, 0, H, L);
  const sh = H;
  const sl = L;
  mul(sh, sl, sh, sl);
  const s2h = H;
  const s2l = L;
  let th = unchecked(INV_ODD[2 * LOG_TERMS]);
  let tl = unchecked(INV_ODD[2 * LOG_TERMS + 1]);
  for (let k = LOG_TERMS - 1; k >= 0; k--) {
    mul(th, tl, s2h, s2l);
    add(H, L, unchecked(INV_ODD[2 * k]), unchecked(INV_ODD[2 * k + 1]));
    th = H;
    tl = L;
  }
  mul(2 * sh, 2 * sl, th, tl);
  if (e == 0) return H + L;
  const lh = H;
  const ll = L;
  kLn2(<f64>e);
  add(H, L, lh, ll);
  return H + L;
}

/** Correctly rounded e^a for finite a (results in the subnormal range may be off by one ulp). */
export function crExp(a: f64): f64 {
  if (a == 0) return 1;
  if (a < -745.2) return 0;
  if (a > 709.8) return Infinity;
  const k = Math.round(a / LN2_HI);
  kLn2(k);
  add(a, 0, -H, -L);
  const rh = H / 256;
  const rl = L / 256;
  let uh = unchecked(INV_FACT[2 * (EXP_TERMS - 1)]);
  let ul = unchecked(INV_FACT[2 * (EXP_TERMS - 1) + 1]);
  for (let n = EXP_TERMS - 2; n >= 0; n--) {
    mul(uh, ul, rh, rl);
    add(H, L, unchecked(INV_FACT[2 * n]), unchecked(INV_FACT[2 * n + 1]));
    uh = H;
    ul = L;
  }
  mul(uh, ul, rh, rl);
  uh = H;
  ul = L;
  for (let i = 0; i < 8; i++) {
    add(2, 0, uh, ul);
    mul(uh, ul, H, L);
    uh = H;
    ul = L;
  }
  add(1, 0, uh, ul);
  const m = H + L;
  const ki = <i32>k;
  const k1 = ki / 2;
  return m * pow2(k1) * pow2(ki - k1);
}

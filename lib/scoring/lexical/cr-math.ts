// Correctly rounded log and exp (double-double), to reproduce glibc's results that the official script
// gets; JS Math.log/Math.exp differ in the last bit for some inputs.

type DD = [number, number];

const SPLITTER = 134217729; // 2^27 + 1, Dekker split

function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}

function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function add(a: DD, b: DD): DD {
  const s = twoSum(a[0], b[0]);
  const t = twoSum(a[1], b[1]);
  let hi = s[0];
  let lo = s[1] + t[0];
  [hi, lo] = quickTwoSum(hi, lo);
  lo += t[1];
  return quickTwoSum(hi, lo);
}

function mul(a: DD, b: DD): DD {
  const p = twoProd(a[0], b[0]);
  return quickTwoSum(p[0], p[1] + (a[0] * b[1] + a[1] * b[0]));
}

function div(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  let r = add(a, neg(mul(b, [q1, 0])));
  const q2 = r[0] / b[0];
  r = add(r, neg(mul(b, [q2, 0])));
  const q3 = r[0] / b[0];
  return add(quickTwoSum(q1, q2), [q3, 0]);
}

const neg = (a: DD): DD => [-a[0], -a[1]];
const recip = (n: number): DD => div([1, 0], [n, 0]);

// ln 2 to ~160 bits, in three parts.
const LN2_HI = 0.6931471805599453;
const LN2_LO = 2.3190468138462996e-17;
const LN2_LO2 = 5.707708438416212e-34;

const LOG_TERMS = 22; // |s| <= 0.1716 => s^(2*22) < 2^-110
const INV_ODD: DD[] = Array.from({ length: LOG_TERMS + 1 }, (_, k) => recip(2 * k + 1));
const EXP_TERMS = 11; // |r| <= 0.35 / 256 => r^12 / 12! < 2^-110
const INV_FACT: DD[] = [];
{
  let f: DD = [1, 0];
  for (let n = 1; n <= EXP_TERMS; n++) {
    f = div(f, [n, 0]);
    INV_FACT.push(f);
  }
}

/** n * ln2 as a double-double (|n| < 2^11). */
function kLn2(n: number): DD {
  return add(add(twoProd(n, LN2_HI), twoProd(n, LN2_LO)), [n * LN2_LO2, 0]);
}

/** Correctly rounded ln(x) for finite x > 0. */
export function crLog(x: number): number {
  if (x === 1) return 0;
  if (!(x > 0) || !Number.isFinite(x)) return Math.log(x);
  let e = Math.floor(Math.log2(x));
  let f = x / 2 ** e;
  // log2 may be off by one near powers of two; then centre f on 1: f in [sqrt(1/2), sqrt(2)].
  if (f < 1) {
    f *= 2;
    e -= 1;
  } else if (f >= 2) {
    f /= 2;
    e += 1;
  }
  if (f > Math.SQRT2) {
    f /= 2;
    e += 1;
  }
  // ln f = 2 atanh(s), s = (f - 1) / (f + 1); f - 1 is exact here.
  const s = div([f - 1, 0], twoSum(f, 1));
  const s2 = mul(s, s);
  let t = INV_ODD[LOG_TERMS];
  for (let k = LOG_TERMS - 1; k >= 0; k--) t = add(mul(t, s2), INV_ODD[k]);
  const lnF = mul([2 * s[0], 2 * s[1]], t);
  const r = e === 0 ? lnF : add(kLn2(e), lnF);
  return r[0] + r[1];
}

/** Correctly rounded e^a for finite a (results in the subnormal range may be off by one ulp). */
export function crExp(a: number): number {
  if (a === 0) return 1;
  if (!Number.isFinite(a)) return Math.exp(a);
  if (a < -745.2) return 0;
  if (a > 709.8) return Infinity;
  const k = Math.round(a / LN2_HI);
  // r = (a - k ln2) / 256, then e^r - 1 by Taylor, then squared back 8 times as u -> u(2 + u).
  const red = add([a, 0], neg(kLn2(k)));
  const r: DD = [red[0] / 256, red[1] / 256];
  let u = INV_FACT[EXP_TERMS - 1];
  for (let n = EXP_TERMS - 2; n >= 0; n--) u = add(mul(u, r), INV_FACT[n]);
  u = mul(u, r);
  for (let i = 0; i < 8; i++) u = mul(u, add([2, 0], u));
  const v = add([1, 0], u);
  const m = v[0] + v[1];
  // Scale by 2^k in two steps so that 2^k itself never under/overflows.
  const k1 = Math.trunc(k / 2);
  return m * 2 ** k1 * 2 ** (k - k1);
}

// UTF-8 text as Python sees it (../../py-text.ts is the reference): character classes from the
// generated Python tables, str.lower() for one code point, and the script's
// normalization `re.sub(r"\s+", " ", text.lower()).strip()`. The input is TextEncoder output, so
// always well-formed UTF-8; a U+FFFD may stand for a lone surrogate, whose text the host must score.
import { LOWER_MAP, LOWER_MAP_COUNT, RANGES_DIGIT, RANGES_DIGIT_COUNT, RANGES_LOWER, RANGES_LOWER_COUNT, RANGES_SPACE, RANGES_SPACE_COUNT, RANGES_UPPER, RANGES_UPPER_COUNT, RANGES_WORD, RANGES_WORD_COUNT } from "./tables";

export const CLASS_SPACE = 0;
export const CLASS_DIGIT = 1;
export const CLASS_WORD = 2;
export const CLASS_UPPER = 3;
export const CLASS_LOWER = 4;
const CLASSES = 5;

// Per class: sorted, disjoint [first, last] code point ranges (pairs of i32), and str.lower() of the
// code points it changes to one other code point as sorted (from, to) pairs: tables.ts, which the
// build generates from ../../data/unicode-tables.ts.
const rangeBase = new StaticArray<usize>(CLASSES);
const rangeCount = new StaticArray<i32>(CLASSES);
unchecked((rangeBase[CLASS_SPACE] = RANGES_SPACE));
unchecked((rangeCount[CLASS_SPACE] = RANGES_SPACE_COUNT));
unchecked((rangeBase[CLASS_DIGIT] = RANGES_DIGIT));
unchecked((rangeCount[CLASS_DIGIT] = RANGES_DIGIT_COUNT));
unchecked((rangeBase[CLASS_WORD] = RANGES_WORD));
unchecked((rangeCount[CLASS_WORD] = RANGES_WORD_COUNT));
unchecked((rangeBase[CLASS_UPPER] = RANGES_UPPER));
unchecked((rangeCount[CLASS_UPPER] = RANGES_UPPER_COUNT));
unchecked((rangeBase[CLASS_LOWER] = RANGES_LOWER));
unchecked((rangeCount[CLASS_LOWER] = RANGES_LOWER_COUNT));
const lowerBase: usize = LOWER_MAP;
const lowerCount = LOWER_MAP_COUNT;

/** Binary search of pairs sorted by their first value: index of the pair whose range holds cp, or -1. */
function findPair(base: usize, count: i32, cp: i32, ranged: bool): i32 {
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const p = base + (<usize>mid << 3);
    const first = load<i32>(p);
    const last = ranged ? load<i32>(p, 4) : first;
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Is the code point in the class? (ASCII callers test directly; this is for any code point.) */
export function inClass(kind: i32, cp: i32): bool {
  return findPair(unchecked(rangeBase[kind]), unchecked(rangeCount[kind]), cp, true) >= 0;
}

/** Python's str.lower() of one code point that maps to one code point. */
export function lowerOf(cp: i32): i32 {
  if (cp < 0x80) return cp >= 65 && cp <= 90 ? cp | 32 : cp;
  const k = findPair(lowerBase, lowerCount, cp, false);
  return k < 0 ? cp : load<i32>(lowerBase + (<usize>k << 3), 4);
}

/** Length of the UTF-8 sequence that starts with byte b. */
export function seqLen(b: i32): i32 {
  return b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
}

/** Code point of the sequence at p. */
export function decodeAt(p: usize): i32 {
  const b = <i32>load<u8>(p);
  if (b < 0x80) return b;
  if (b < 0xe0) return ((b & 0x1f) << 6) | (<i32>load<u8>(p, 1) & 0x3f);
  if (b < 0xf0) return ((b & 0x0f) << 12) | ((<i32>load<u8>(p, 1) & 0x3f) << 6) | (<i32>load<u8>(p, 2) & 0x3f);
  return ((b & 0x07) << 18) | ((<i32>load<u8>(p, 1) & 0x3f) << 12) | ((<i32>load<u8>(p, 2) & 0x3f) << 6) | (<i32>load<u8>(p, 3) & 0x3f);
}

/** Start of the sequence that ends just before p (p > start of text). */
export function prevStart(p: usize): usize {
  let q = p - 1;
  while ((<i32>load<u8>(q) & 0xc0) == 0x80) q--;
  return q;
}

/** Write cp as UTF-8 at p; returns its length. */
function encodeAt(p: usize, cp: i32): i32 {
  if (cp < 0x80) {
    store<u8>(p, cp);
    return 1;
  }
  if (cp < 0x800) {
    store<u8>(p, 0xc0 | (cp >> 6));
    store<u8>(p, 0x80 | (cp & 0x3f), 1);
    return 2;
  }
  if (cp < 0x10000) {
    store<u8>(p, 0xe0 | (cp >> 12));
    store<u8>(p, 0x80 | ((cp >> 6) & 0x3f), 1);
    store<u8>(p, 0x80 | (cp & 0x3f), 2);
    return 3;
  }
  store<u8>(p, 0xf0 | (cp >> 18));
  store<u8>(p, 0x80 | ((cp >> 12) & 0x3f), 1);
  store<u8>(p, 0x80 | ((cp >> 6) & 0x3f), 2);
  store<u8>(p, 0x80 | (cp & 0x3f), 3);
  return 4;
}

function isSpace(cp: i32): bool {
  if (cp < 0x80) return cp == 32 || (cp >= 9 && cp <= 13) || (cp >= 28 && cp <= 31);
  return inClass(CLASS_SPACE, cp);
}

const ONES: u64 = 0x0101010101010101;
const HIGH: u64 = 0x8080808080808080;

/**
 * Eight bytes of printable ASCII that normalize to themselves but for A-Z: no byte below 0x20 or
 * above 0x7f, single spaces only, none last (what follows could be more space, or the end) and none
 * first at the start of the output. Returns them lowercased, or 0 when the bytes need the loop.
 */
function plainAscii8(v: u64, atStart: bool): u64 {
  if ((v & HIGH) != 0 || ((v + 0x60 * ONES) & HIGH) != HIGH) return 0;
  const s = v ^ (0x20 * ONES);
  const spaces = ~((((s & ~HIGH) + ~HIGH) | s) | ~HIGH);
  if ((spaces & (spaces << 8)) != 0 || (spaces >> 63) != 0 || (atStart && (spaces & 0x80) != 0)) return 0;
  const upper = (v + 0x3f * ONES) & ~(v + 0x25 * ONES) & HIGH;
  return v | (upper >> 2);
}

/**
 * The script's normalization of src[0, len) written to dst (room for 2 x len bytes: a lowercase
 * code point is at most 1.5 times as long): its length, or -1 when the host must score this text.
 * Declined: U+FFFD (maybe a lone surrogate) and capital sigma (its lowercase depends on the
 * letters around it).
 */
export function normalize(src: usize, len: i32, dst: usize): i32 {
  let o = 0;
  let space = false;
  let i = 0;
  while (i < len) {
    if (!space && i + 8 <= len) {
      const n = plainAscii8(load<u64>(src + i), o == 0);
      if (n != 0) {
        store<u64>(dst + o, n);
        o += 8;
        i += 8;
        continue;
      }
    }
    const b = <i32>load<u8>(src + i);
    let cp = b;
    if (b < 0x80) i++;
    else {
      cp = decodeAt(src + i);
      i += seqLen(b);
      if (cp == 0xfffd || cp == 0x3a3) return -1;
    }
    if (isSpace(cp)) {
      space = true;
      continue;
    }
    if (space) {
      if (o > 0) store<u8>(dst + o++, 32);
      space = false;
    }
    if (cp < 0x80) store<u8>(dst + o++, cp >= 65 && cp <= 90 ? cp | 32 : cp);
    else if (cp == 0x130) {
      // The one code point whose lowercase is two: i and a combining dot above.
      store<u8>(dst + o++, 105);
      o += encodeAt(dst + o, 0x307);
    } else o += encodeAt(dst + o, lowerOf(cp));
  }
  return o;
}

// Punkt's decision for one candidate break (../../punkt-token.ts on UTF-8 bytes): the context
// t[from, to) is cut by Punkt's word regex, each token annotated (first pass), then revised with
// the token after it (second pass, with the English parameters in the host-loaded lists).
import { Ints } from "./buffers";
import { CLASS_DIGIT, CLASS_LOWER, CLASS_UPPER, CLASS_WORD, decodeAt, inClass, seqLen } from "./text";
import { SET_ABBREV, SET_COLLOC, SET_COLLOC_FIRST, SET_ORTHO, SET_STARTER, lookup } from "./sets";
import { cutTokens } from "./punkt-words";

const ORTHO_MID_UC = 1 << 2;
const ORTHO_BEG_LC = 1 << 4;
const ORTHO_UC = (1 << 1) | (1 << 2) | (1 << 3);
const ORTHO_LC = (1 << 4) | (1 << 5) | (1 << 6);

const F_NUMBER = 1; // its type is "##number##"
const F_PERIOD_FINAL = 2;
const F_SENTBREAK = 4;
const F_ABBR = 8;
const F_ELLIPSIS = 16;

// Tokens of the context being decided: start, end, flags.
const toks = new Ints(48);
// "##number##" and a scratch buffer for collocation keys.
const NUMBER = memory.data<u8>([35, 35, 110, 117, 109, 98, 101, 114, 35, 35]);
const NUMBER_LEN = 10;
let keyBuf: usize = heap.alloc(256);
let keyCap = 256;

/** 1 = breaks, 0 = does not, -1 = not sure: the common "word. next" context without tokenizing. */
export function quickSentbreak(t: usize, from: i32, to: i32): i32 {
  let i = from;
  while (i < to && isAz(<i32>load<u8>(t + i))) i++;
  if (i == from || i + 2 >= to || load<u8>(t + i + 1) != 32) return -1;
  for (let k = i + 2; k < to; k++) if (load<u8>(t + k) == 32) return -1;
  const end = <i32>load<u8>(t + i);
  if (end == 63 || end == 33) return 1;
  if (end != 46 || i - from < 2) return -1;
  return lookup(SET_ABBREV, t + from, i - from) >= 0 || lookup(SET_COLLOC_FIRST, t + from, i - from) >= 0 ? -1 : 1;
}

function isAz(c: i32): bool {
  return c >= 97 && c <= 122;
}

/** NUMERIC = ^-?[.,]?\d[\d,.\-]*\.?$ (Python's \d): a numeric token's type is "##number##". */
function isNumeric(t: usize, a: i32, b: i32): bool {
  let p = a;
  if (p < b && load<u8>(t + p) == 45) p++;
  if (p < b && (load<u8>(t + p) == 46 || load<u8>(t + p) == 44)) p++;
  if (p >= b || !isDigitAt(t + p)) return false;
  p += seqLen(<i32>load<u8>(t + p));
  while (p < b) {
    const c = <i32>load<u8>(t + p);
    if (c != 44 && c != 46 && c != 45 && !isDigitAt(t + p)) return false;
    p += seqLen(c);
  }
  return true;
}

function isDigitAt(p: usize): bool {
  const c = <i32>load<u8>(p);
  return c < 0x80 ? c >= 48 && c <= 57 : inClass(CLASS_DIGIT, decodeAt(p));
}

/** makeToken + firstPass: the token's flags. */
function annotate(t: usize, a: i32, b: i32): i32 {
  const len = b - a;
  const first = <i32>load<u8>(t + a);
  let f = !isAz(first) && isNumeric(t, a, b) ? F_NUMBER : 0;
  const periodFinal = load<u8>(t + b - 1) == 46;
  if (periodFinal) f |= F_PERIOD_FINAL;
  if (len == 1 && (first == 46 || first == 63 || first == 33)) return f | F_SENTBREAK;
  let dots = len >= 2;
  for (let i = a; i < b && dots; i++) dots = load<u8>(t + i) == 46;
  if (dots) return f | F_ELLIPSIS;
  if (periodFinal && !(len >= 2 && load<u8>(t + b - 2) == 46)) {
    const stem = len - 1;
    let dash = -1;
    for (let i = stem - 1; i >= 0 && dash < 0; i--) if (load<u8>(t + a + i) == 45) dash = i;
    if (lookup(SET_ABBREV, t + a, stem) >= 0 || (dash >= 0 && lookup(SET_ABBREV, t + a + dash + 1, stem - dash - 1) >= 0)) return f | F_ABBR;
    return f | F_SENTBREAK;
  }
  return f;
}

// A token's type without its final period (typeNoPeriod) or, for a sentence break, without it
// (typeNoSentperiod), as a byte range in typeA/typeB: "##number##" for numbers.
let typeA: usize = 0;
let typeB: usize = 0;
function setType(t: usize, k: i32, dropPeriod: bool): void {
  const f = toks.at(3 * k + 2);
  if ((f & F_NUMBER) != 0) {
    typeA = NUMBER;
    typeB = NUMBER + NUMBER_LEN;
    return;
  }
  typeA = t + toks.at(3 * k);
  typeB = t + toks.at(3 * k + 1);
  if (dropPeriod && typeB - typeA > 1 && load<u8>(typeB - 1) == 46) typeB--;
}
function setNoSentperiod(t: usize, k: i32): void {
  setType(t, k, (toks.at(3 * k + 2) & F_SENTBREAK) != 0);
}

function firstIsUpper(t: usize, k: i32): bool {
  const p = t + toks.at(3 * k);
  const c = <i32>load<u8>(p);
  return c < 0x80 ? c >= 65 && c <= 90 : inClass(CLASS_UPPER, decodeAt(p));
}
function firstIsLower(t: usize, k: i32): bool {
  const p = t + toks.at(3 * k);
  const c = <i32>load<u8>(p);
  return c < 0x80 ? isAz(c) : inClass(CLASS_LOWER, decodeAt(p));
}

/** Is token k a single code point of \w (not \d) followed by "."? */
function isInitial(t: usize, k: i32): bool {
  const a = toks.at(3 * k);
  const b = toks.at(3 * k + 1);
  const c = <i32>load<u8>(t + a);
  if (load<u8>(t + b - 1) != 46 || seqLen(c) + 1 != b - a) return false;
  if (c < 0x80) return isAz(c) || (c >= 65 && c <= 90) || c == 95;
  const cp = decodeAt(t + a);
  return inClass(CLASS_WORD, cp) && !inClass(CLASS_DIGIT, cp);
}

function orthoOf(t: usize, k: i32): i32 {
  setNoSentperiod(t, k);
  const v = lookup(SET_ORTHO, typeA, <i32>(typeB - typeA));
  return v < 0 ? 0 : v;
}

/** 1 = yes, 0 = no, -1 = unknown: does token k's orthography say it starts a sentence? */
function orthoHeuristic(t: usize, k: i32): i32 {
  const a = toks.at(3 * k);
  const c = <i32>load<u8>(t + a);
  if (toks.at(3 * k + 1) - a == 1 && (c == 59 || c == 58 || c == 44 || c == 46 || c == 33 || c == 63)) return 0;
  const ctx = orthoOf(t, k);
  if (firstIsUpper(t, k) && (ctx & ORTHO_LC) != 0 && (ctx & ORTHO_MID_UC) == 0) return 1;
  if (firstIsLower(t, k) && ((ctx & ORTHO_UC) != 0 || (ctx & ORTHO_BEG_LC) == 0)) return 0;
  return -1;
}

/** secondPass(t1 = token k, t2 = token k + 1): the revised flags of token k. */
function secondPass(t: usize, k: i32): i32 {
  let f = toks.at(3 * k + 2);
  if ((f & F_PERIOD_FINAL) == 0) return f;
  // Collocation key: typeNoPeriod(t1) "\0" typeNoSentperiod(t2).
  setType(t, k, true);
  const typLen = <i32>(typeB - typeA);
  // Compared as text, as the script does: a literal "##number##." token counts too.
  const typIsNumber = typLen == NUMBER_LEN && memory.compare(typeA, NUMBER, NUMBER_LEN) == 0;
  ensureKey(typLen + 1);
  memory.copy(keyBuf, typeA, <usize>typLen);
  store<u8>(keyBuf + typLen, 0);
  setNoSentperiod(t, k + 1);
  const nextLen = <i32>(typeB - typeA);
  ensureKey(typLen + 1 + nextLen);
  memory.copy(keyBuf + typLen + 1, typeA, <usize>nextLen);
  const nextA = typeA;
  const initial = isInitial(t, k);
  if (lookup(SET_COLLOC, keyBuf, typLen + 1 + nextLen) >= 0) return (f & ~F_SENTBREAK) | F_ABBR;
  if ((f & (F_ABBR | F_ELLIPSIS)) != 0 && !initial) {
    if (orthoHeuristic(t, k + 1) == 1) return f | F_SENTBREAK;
    if (firstIsUpper(t, k + 1) && lookup(SET_STARTER, nextA, nextLen) >= 0) return f | F_SENTBREAK;
  }
  if (initial || typIsNumber) {
    const ortho = orthoHeuristic(t, k + 1);
    if (ortho == 0) return (f & ~F_SENTBREAK) | F_ABBR;
    if (ortho == -1 && initial && firstIsUpper(t, k + 1)) {
      if ((orthoOf(t, k + 1) & ORTHO_LC) == 0) return (f & ~F_SENTBREAK) | F_ABBR;
    }
  }
  return f;
}

function ensureKey(size: i32): void {
  if (size <= keyCap) return;
  const next = heap.alloc(<usize>size * 2);
  memory.copy(next, keyBuf, <usize>keyCap);
  keyBuf = next;
  keyCap = size * 2;
}

/** text_contains_sentbreak(t[from, to)): does a token other than the last end a sentence? */
export function containsSentbreak(t: usize, from: i32, to: i32): bool {
  cutTokens(t, from, to, toks);
  const n = toks.n / 3;
  for (let k = 0; k < n; k++) toks.put(3 * k + 2, annotate(t, toks.at(3 * k), toks.at(3 * k + 1)));
  for (let k = 0; k < n - 1; k++) if ((secondPass(t, k) & F_SENTBREAK) != 0) return true;
  return false;
}

// Punkt sentence splitting of normalized UTF-8 text: ../../punkt.ts (candidate scan, realignment)
// and ../../punkt-token.ts (the decision for one candidate) on byte offsets. Every test it makes
// on a neighbouring character is an ASCII test, so byte and UTF-16 offsets give the same answers.
import { Ints } from "./buffers";
import { containsSentbreak, quickSentbreak } from "./punkt-token";
import { isNonWord } from "./punkt-words";

function isEnd(c: i32): bool {
  return c == 46 || c == 63 || c == 33;
}

function breaksAt(t: usize, from: i32, to: i32): bool {
  const quick = quickSentbreak(t, from, to);
  return quick >= 0 ? quick == 1 : containsSentbreak(t, from, to);
}

const slices = new Ints(64);

/** Sentence slices before realignment into `slices` (start, stop pairs): rawSlices of punkt.ts. */
function rawSlices(t: usize, n: i32): void {
  slices.n = 0;
  let lastBreak = 0;
  let prevAt = -1;
  let prevStart = 0;
  let prevAfter = 0;
  let prevNext = -1;
  for (let i = 0; i < n - 1; i++) {
    if (!isEnd(<i32>load<u8>(t + i))) continue;
    const d = <i32>load<u8>(t + i + 1);
    let after: i32;
    let nextTok = -1;
    if (isNonWord(d)) after = i + 2;
    else if (d == 32) {
      let j = i + 1;
      while (j < n && load<u8>(t + j) == 32) j++;
      if (j == n) continue;
      let k = j + 1;
      while (k < n && load<u8>(t + k) != 32) k++;
      nextTok = j;
      after = k;
    } else continue;
    const floor = prevAt > 0 ? prevAt : 0;
    let back = i - 1;
    while (back > floor && load<u8>(t + back) != 32) back--;
    const wordStart = back > floor ? back + 1 : prevStart;
    if (prevAt >= 0 && prevAt <= wordStart && breaksAt(t, prevStart < prevAt ? prevStart : prevAt, prevAfter)) {
      slices.push2(lastBreak, prevAt + 1);
      lastBreak = prevNext >= 0 ? prevNext : prevAt + 1;
    }
    prevAt = i;
    prevStart = wordStart;
    prevAfter = after;
    prevNext = nextTok;
  }
  if (prevAt >= 0 && breaksAt(t, prevStart < prevAt ? prevStart : prevAt, prevAfter)) {
    slices.push2(lastBreak, prevAt + 1);
    lastBreak = prevNext >= 0 ? prevNext : prevAt + 1;
  }
  slices.push2(lastBreak, n);
}

function isCloser(c: i32): bool {
  return c == 34 || c == 39 || c == 41 || c == 93 || c == 125;
}

// REALIGN = /^["')\]}]+?(?: +|(?=--)|$)/ on t[a, b): the match length, and in realignKept its length
// without trailing spaces; -1 when it does not match.
let realignKept = 0;
function realign(t: usize, a: i32, b: i32): i32 {
  let k = a;
  while (k < b && isCloser(<i32>load<u8>(t + k))) {
    k++;
    realignKept = k - a;
    if (k < b && load<u8>(t + k) == 32) {
      let m = k;
      while (m < b && load<u8>(t + m) == 32) m++;
      return m - a;
    }
    if (k == b || (k + 1 < b && load<u8>(t + k) == 45 && load<u8>(t + k + 1) == 45)) return k - a;
  }
  return -1;
}

/** Sentence ranges of normalized text t[0, n) into out (start, stop pairs; stop <= start is empty). */
export function sentenceRanges(t: usize, n: i32, out: Ints): void {
  out.n = 0;
  let inner = false;
  for (let i = 0; i < n - 1 && !inner; i++) inner = isEnd(<i32>load<u8>(t + i));
  if (!inner) {
    if (n > 0) out.push2(0, n);
    return;
  }
  rawSlices(t, n);
  let shift = 0;
  const last = slices.n - 2;
  for (let i = 0; i <= last; i += 2) {
    const start = slices.at(i) + shift;
    const stop = slices.at(i + 1);
    if (i == last) {
      if (start < stop) out.push2(start, stop);
      continue;
    }
    const nextStart = slices.at(i + 2);
    const nextStop = slices.at(i + 3);
    const m = nextStart < nextStop && isCloser(<i32>load<u8>(t + nextStart)) ? realign(t, nextStart, nextStop) : -1;
    if (m >= 0) {
      out.push2(start, nextStart + realignKept);
      shift = m;
    } else {
      shift = 0;
      if (start < stop) out.push2(start, stop);
    }
  }
}

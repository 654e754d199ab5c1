// The lexical engine's WebAssembly module: the host (../engine.ts) loads the word lists and
// character classes once, then hands over batches of (system answer, reference) pairs as UTF-8 and
// reads back four f64 per pair, or "declined" for the pairs this module leaves to the TypeScript
// engine (text it cannot be sure to tokenize exactly as the rules do). Same numbers either way.
import { Bytes, Ints } from "./buffers";
import { normalize } from "./text";
import { sentenceRanges } from "./punkt";
import { beginText, sentenceTokens } from "./rules";
import { scorePair } from "./score";
import { clearTable, hashBytes, setSeed } from "./intern";
import { scanWords } from "./words";
import { pairHashes } from "./pair-keys";


export const MODE_NLTK = 0;
export const MODE_WHITESPACE = 1;
export const STATUS_SCORED = 0;
export const STATUS_DECLINED = 1;

const batch = new Bytes(1 << 16);
const normP = new Bytes(1 << 10);
const normR = new Bytes(1 << 10);
const arenaP = new Bytes(1 << 10);
const arenaR = new Bytes(1 << 10);
const tokP = new Ints(256);
const tokR = new Ints(256);
const sentences = new Ints(64);

/** Host: the hash seed of the token table (random per process). */
export function init(seed: u32): void {
  setSeed(seed);
}

/**
 * Host: the batch block for `pairs` pairs and `inputBytes` bytes of text, laid out as lengths
 * (2 x pairs i32: the byte lengths of each pair's texts), scores (4 x pairs f64), status (pairs
 * i32), then the texts as UTF-8, one after the other.
 */
export function batchArea(pairs: i32, inputBytes: i32): usize {
  return batch.ensure(pairs * 44 + inputBytes + 8);
}

/** Raw word tokens of src[0, len) (lowercased, normalized, split) into out; false = declined. */
function tokenizeText(src: usize, len: i32, mode: i32, buf: Bytes, arena: Bytes, out: Ints): bool {
  out.n = 0;
  if (len == 0) return true;
  const t = buf.ensure(2 * len + 8);
  const n = normalize(src, len, t);
  if (n < 0) return false;
  if (mode == MODE_WHITESPACE) {
    let start = 0;
    for (let i = 0; i <= n; i++) {
      if (i < n && load<u8>(t + i) != 32) continue;
      if (i > start) out.push2(<i32>(t + start), <i32>(t + i));
      start = i + 1;
    }
    return true;
  }
  sentenceRanges(t, n, sentences);
  beginText(arena, n);
  for (let k = 0; k < sentences.n; k += 2) {
    const from = sentences.at(k);
    const to = max(from, sentences.at(k + 1));
    if (!sentenceTokens(t, from, to, out)) return false;
  }
  return true;
}

/** Host: score the batch in the batch area; returns how many pairs were declined. */
export function scoreBatch(pairs: i32, mode: i32, oldStopwords: bool): i32 {
  const base = batch.ptr;
  const scores = base + (<usize>pairs << 3);
  const status = scores + (<usize>pairs << 5);
  let p = status + (<usize>pairs << 2);
  let declined = 0;
  for (let i = 0; i < pairs; i++) {
    const predLen = load<i32>(base + (<usize>i << 3));
    const refAt = p + predLen;
    const refLen = load<i32>(base + (<usize>i << 3), 4);
    const ok =
      tokenizeText(p, predLen, mode, normP, arenaP, tokP) && tokenizeText(refAt, refLen, mode, normR, arenaR, tokR) && scorePair(tokP, tokR, oldStopwords, scores + (<usize>i << 5));
    store<i32>(status + (<usize>i << 2), ok ? STATUS_SCORED : STATUS_DECLINED);
    if (!ok) declined++;
    p = refAt + refLen;
  }
  return declined;
}

/** Host: tokenize the one text of `bytes` bytes at the start of the batch area; -1 = declined, else the token count (tokenPointers()). */
export function tokenizeOne(bytes: i32, mode: i32): i32 {
  return tokenizeText(batch.ptr, bytes, mode, normP, arenaP, tokP) ? tokP.n >> 1 : -1;
}

/** Host: [start, end) byte pointers of the tokens tokenizeOne found. */
export function tokenPointers(): usize {
  return tokP.ptr;
}

/** Host: empty the token table (benchmarks of the cold path; results never depend on it). */
export function reset(): void {
  clearTable();
}

/** Tests: the single-pass scanner alone on the normalized sentence of `bytes` bytes at the start of the batch area; -1 = declined, else the token count (tokenPointers()). */
export function scanSentence(bytes: i32): i32 {
  tokP.n = 0;
  return scanWords(batch.ptr, 0, bytes, tokP) ? tokP.n >> 1 : -1;
}

/** Tests: the token table's hash of the `bytes` bytes at the start of the batch area. */
export function tokenHash(bytes: i32): u32 {
  return hashBytes(batch.ptr, bytes);
}

/** Host: pair keys of the batch area (lengths: UTF-16 units; texts: UTF-16LE); 2 i32 per pair in the scores area. */
export function pairKeys(pairs: i32): void {
  const base = batch.ptr;
  pairHashes(base, base + (<usize>pairs * 44), pairs, base + (<usize>pairs << 3));
}

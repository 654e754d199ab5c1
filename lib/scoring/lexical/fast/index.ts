// The speed layer: the reference engine's results (../reference.ts), computed by a WebAssembly
// module (assembly/, AssemblyScript, built into binary.ts with its tables from ../data, their one
// home), which module.ts compiles on first use; this file scores pairs in batches. Why WebAssembly:
// a CLI run scores each answer once, in a fresh process, where V8 would still be interpreting
// TypeScript loops for most of the run; machine code from the start makes a first run as fast as a
// warm one. The module runs NLTK's rule pipeline through this host only for the sentences its
// scanner declines, and declines whole pairs it cannot tokenize exactly (capital sigma, U+FFFD, a
// pair too large for its token table): the reference engine scores those. What each part buys:
// ../README.md.
import type { LexicalScores, StopwordList, TokenizerMode } from "../../types";
import { referenceRawTokens, referenceScores } from "../reference";
import { decoder, encoder, MODES, wasmEngine, type Exports } from "./module";
import { writeTexts } from "./utf8";

export { clearFastCaches, wasmEngine } from "./module";
export { fastPairKeys } from "./pair-keys";

// A batch holds at most this many UTF-16 units of text (at most 3 bytes each in module memory).
const CHUNK_UNITS = 1 << 20;

type Fallback = (pred: string, ref: string) => LexicalScores;

/** Pair i's four numbers in a batch's result (precision, recall, F1, BLEU-1 at 4i..4i + 3). */
export function scoresAt(batch: Float64Array, i: number): LexicalScores {
  return { precision: batch[4 * i], recall: batch[4 * i + 1], f1: batch[4 * i + 2], bleu1: batch[4 * i + 3] };
}

function put(out: Float64Array, i: number, s: LexicalScores): void {
  out[4 * i] = s.precision;
  out[4 * i + 1] = s.recall;
  out[4 * i + 2] = s.f1;
  out[4 * i + 3] = s.bleu1;
}

/**
 * Scores of pairs (preds[i], refs[i]) as precision, recall, F1, BLEU-1 at 4i..4i + 3 (no object per
 * pair); `fallback` (the reference engine) scores the pairs the module declines.
 */
export function fastScorePairs(preds: readonly string[], refs: readonly string[], mode: TokenizerMode, stopwords: StopwordList, fallback?: Fallback): Float64Array {
  fallback ??= (pred, ref) => referenceScores(pred, ref, mode, stopwords);
  const out = new Float64Array(4 * preds.length);
  const e = wasmEngine();
  if (e === null) {
    preds.forEach((pred, i) => put(out, i, fallback(pred ?? "", refs[i] ?? "")));
    return out;
  }
  for (let from = 0; from < preds.length; ) {
    let to = from;
    let units = 0;
    while (to < preds.length && (to === from || units < CHUNK_UNITS)) units += (preds[to] ?? "").length + (refs[to++] ?? "").length;
    scoreChunk(e, preds, refs, from, to, units, mode, stopwords, fallback, out);
    from = to;
  }
  return out;
}

function scoreChunk(e: Exports, preds: readonly string[], refs: readonly string[], from: number, to: number, units: number, mode: TokenizerMode, stopwords: StopwordList, fallback: Fallback, out: Float64Array): void {
  const pairs = to - from;
  const base = e.batchArea(pairs, 3 * units);
  writeTexts(e.memory.buffer, new Int32Array(e.memory.buffer, base, 2 * pairs), base + 44 * pairs, preds, refs, from, to);
  e.scoreBatch(pairs, MODES[mode], stopwords === "old" ? 1 : 0);
  const scores = new Float64Array(e.memory.buffer, base + 8 * pairs, 4 * pairs);
  const status = new Int32Array(e.memory.buffer, base + 40 * pairs, pairs);
  out.set(scores, 4 * from);
  for (let k = 0; k < pairs; k++) if (status[k] !== 0) put(out, from + k, fallback(preds[from + k] ?? "", refs[from + k] ?? ""));
}

/**
 * Pairs encoded once as UTF-8, to be scored in pieces by several threads (the CLI's score pool):
 * the texts one after the other in `bytes`, text j's byte length at lengths[j] and its offset at
 * starts[j] (pair i = texts 2i and 2i + 1). Shared memory when `shared`.
 */
export type EncodedPairs = { bytes: Uint8Array; lengths: Int32Array; starts: Int32Array };

export function encodePairs(preds: readonly string[], refs: readonly string[], shared: boolean): EncodedPairs {
  let units = 0;
  for (let i = 0; i < preds.length; i++) units += (preds[i] ?? "").length + (refs[i] ?? "").length;
  const alloc = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const bytes = new Uint8Array(alloc(3 * units));
  const lengths = new Int32Array(alloc(8 * preds.length));
  writeTexts(bytes.buffer, lengths, 0, preds, refs, 0, preds.length);
  const starts = new Int32Array(alloc(8 * preds.length + 4));
  for (let j = 0; j < lengths.length; j++) starts[j + 1] = starts[j] + lengths[j];
  return { bytes, lengths, starts };
}

/**
 * Scores of encoded pairs [from, to) into out[4i..4i + 3] (precision, recall, F1, BLEU-1); a pair
 * the module declines gets NaN there, for the caller to score from its strings (the reference
 * engine). Returns how many were declined.
 */
export function scoreEncodedPairs(enc: EncodedPairs, from: number, to: number, mode: TokenizerMode, stopwords: StopwordList, out: Float64Array): number {
  const e = wasmEngine();
  if (e === null) {
    out.fill(NaN, 4 * from, 4 * to);
    return to - from;
  }
  const pairs = to - from;
  const size = enc.starts[2 * to] - enc.starts[2 * from];
  const base = e.batchArea(pairs, size);
  new Int32Array(e.memory.buffer, base, 2 * pairs).set(enc.lengths.subarray(2 * from, 2 * to));
  new Uint8Array(e.memory.buffer, base + 44 * pairs, size).set(enc.bytes.subarray(enc.starts[2 * from], enc.starts[2 * to]));
  const declined = e.scoreBatch(pairs, MODES[mode], stopwords === "old" ? 1 : 0);
  const scores = new Float64Array(e.memory.buffer, base + 8 * pairs, 4 * pairs);
  const status = new Int32Array(e.memory.buffer, base + 40 * pairs, pairs);
  out.set(scores, 4 * from);
  if (declined > 0) for (let k = 0; k < pairs; k++) if (status[k] !== 0) out.fill(NaN, 4 * (from + k), 4 * (from + k + 1));
  return declined;
}

/** Raw word tokens of one text (before filtering), as the reference engine's referenceRawTokens. */
export function fastRawTokens(text: string, mode: TokenizerMode): string[] {
  return moduleRawTokens(text, mode) ?? referenceRawTokens(text, mode);
}

/** Raw word tokens of one text from the module, or null when it declines the text. */
export function moduleRawTokens(text: string, mode: TokenizerMode): string[] | null {
  const e = wasmEngine();
  if (e === null) return null;
  const n = e.tokenizeOne(writeText(e, text), MODES[mode]);
  return n < 0 ? null : tokensAt(e, n);
}

/** One text as UTF-8 at the start of the batch area: its length in bytes. */
function writeText(e: Exports, text: string): number {
  const room = 3 * text.length;
  const base = e.batchArea(0, room);
  return encoder.encodeInto(text, new Uint8Array(e.memory.buffer, base, room)).written;
}

/** The n tokens the module left at tokenPointers(), as strings. */
function tokensAt(e: Exports, n: number): string[] {
  const ptrs = new Int32Array(e.memory.buffer, e.tokenPointers(), 2 * n);
  const bytes = new Uint8Array(e.memory.buffer);
  return Array.from({ length: n }, (_, k) => decoder.decode(bytes.subarray(ptrs[2 * k], ptrs[2 * k + 1])));
}

/** Tests: the module's single-pass scanner alone on a normalized sentence; null when it declines. */
export function scanSentence(sentence: string): string[] | null {
  const e = wasmEngine()!;
  const n = e.scanSentence(writeText(e, sentence));
  return n < 0 ? null : tokensAt(e, n);
}

/** Tests: the token table's hash of a token (with the seed given to init()). */
export function tokenHash(token: string): number {
  const e = wasmEngine()!;
  return e.tokenHash(writeText(e, token));
}

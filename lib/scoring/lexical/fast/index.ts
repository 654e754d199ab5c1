// The speed layer: the reference engine's results (../reference.ts), computed by a WebAssembly
// module (assembly/, AssemblyScript, built into binary.ts with its tables from ../data, their one
// home). This file compiles the module on first use and scores pairs in batches. Why WebAssembly:
// a CLI run scores each answer once, in a fresh process, where V8 would still be interpreting
// TypeScript loops for most of the run; machine code from the start makes a first run as fast as a
// warm one. The module runs NLTK's rule pipeline through this host only for the sentences its
// scanner declines, and declines whole pairs it cannot tokenize exactly (capital sigma, U+FFFD, a
// pair too large for its token table): the reference engine scores those. What each part buys:
// ../README.md.
import type { LexicalScores, StopwordList, TokenizerMode } from "../../types";
import { referenceRawTokens, referenceScores } from "../reference";
import { wordTokenize } from "../word-tokenizer";
import { LEXICAL_WASM_BASE64 } from "./binary";

type Exports = {
  memory: WebAssembly.Memory;
  init(seed: number): void;
  reset(): void;
  batchArea(pairs: number, inputBytes: number): number;
  scoreBatch(pairs: number, mode: number, oldStopwords: number): number;
  tokenizeOne(bytes: number, mode: number): number;
  tokenPointers(): number;
  scanSentence(bytes: number): number;
  tokenHash(bytes: number): number;
};

const MODES: Record<TokenizerMode, number> = { nltk: 0, whitespace: 1 };

let engine: Exports | null | undefined;
let memory: WebAssembly.Memory;
const encoder = new TextEncoder();
// ignoreBOM: a token may start with U+FEFF, which the default decoder would drop.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The module's import: NLTK's rule pipeline for a sentence its scanner declines (`len` bytes at
 * `ptr`), the tokens written 0-separated to `out`: bytes written, or -1 (no room, or a 0 in the
 * text, which would split a token).
 */
function wordRules(ptr: number, len: number, out: number, room: number): number {
  const sentence = decoder.decode(new Uint8Array(memory.buffer, ptr, len));
  if (sentence.includes("\u0000")) return -1;
  const joined = wordTokenize(sentence).join("\u0000");
  const { read, written } = encoder.encodeInto(joined, new Uint8Array(memory.buffer, out, room));
  return read === joined.length ? written : -1;
}

/** Empty the module's token table (benchmarks of the cold path; results never depend on it). */
export function clearFastCaches(): void {
  engine?.reset();
}

/** The module's exports, compiled and loaded on first use; null where WebAssembly is unavailable. */
export function wasmEngine(): Exports | null {
  if (engine !== undefined) return engine;
  engine = null;
  if (typeof WebAssembly !== "object") return null;
  const binary = atob(LEXICAL_WASM_BASE64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const abort = () => {
    throw new Error("lexical engine: WebAssembly module aborted");
  };
  const e = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { abort, wordRules } }).exports as unknown as Exports;
  memory = e.memory;
  e.init((Math.random() * 0x100000000) >>> 0);
  engine = e;
  return e;
}

// A batch holds at most this many UTF-16 units of text (a few MB of module memory).
const CHUNK_UNITS = 1 << 20;

type Fallback = (pred: string, ref: string) => LexicalScores;

/** Scores of pairs (preds[i], refs[i]); `fallback` (the reference engine) scores the pairs the module declines. */
export function fastScorePairs(preds: readonly string[], refs: readonly string[], mode: TokenizerMode, stopwords: StopwordList, fallback?: Fallback): LexicalScores[] {
  fallback ??= (pred, ref) => referenceScores(pred, ref, mode, stopwords);
  const e = wasmEngine();
  if (e === null) return preds.map((pred, i) => fallback(pred, refs[i]));
  const out = new Array<LexicalScores>(preds.length);
  for (let from = 0; from < preds.length; ) {
    let to = from;
    let units = 0;
    while (to < preds.length && (to === from || units < CHUNK_UNITS)) units += (preds[to] ?? "").length + (refs[to++] ?? "").length + 2;
    scoreChunk(e, preds, refs, from, to, mode, stopwords, fallback, out);
    from = to;
  }
  return out;
}

function scoreChunk(e: Exports, preds: readonly string[], refs: readonly string[], from: number, to: number, mode: TokenizerMode, stopwords: StopwordList, fallback: Fallback, out: LexicalScores[]): void {
  const pairs = to - from;
  const texts = new Array<string>(2 * pairs + 1);
  for (let k = 0; k < pairs; k++) {
    texts[2 * k] = preds[from + k] ?? "";
    texts[2 * k + 1] = refs[from + k] ?? "";
  }
  texts[2 * pairs] = "";
  const joined = texts.join("\u0000"); // each text followed by a 0 byte
  const room = 3 * joined.length;
  const base = e.batchArea(pairs, room);
  const lengths = new Int32Array(e.memory.buffer, base, 2 * pairs);
  for (let k = 0; k < 2 * pairs; k++) lengths[k] = texts[k].length;
  encoder.encodeInto(joined, new Uint8Array(e.memory.buffer, base + 44 * pairs, room));
  e.scoreBatch(pairs, MODES[mode], stopwords === "old" ? 1 : 0);
  const scores = new Float64Array(e.memory.buffer, base + 8 * pairs, 4 * pairs);
  const status = new Int32Array(e.memory.buffer, base + 40 * pairs, pairs);
  for (let k = 0; k < pairs; k++) {
    out[from + k] =
      status[k] === 0
        ? { precision: scores[4 * k], recall: scores[4 * k + 1], f1: scores[4 * k + 2], bleu1: scores[4 * k + 3] }
        : fallback(texts[2 * k], texts[2 * k + 1]);
  }
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

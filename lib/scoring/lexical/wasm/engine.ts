// The host side of the lexical engine's WebAssembly module (assembly/, built into binary.ts): it
// compiles the module on first use, loads the word lists and Python character classes from
// ../data (their one home), and scores pairs in batches. Why WebAssembly: a CLI run scores each
// answer once, in a fresh process, where V8 would interpret the TypeScript engine's loops most of
// the time; machine code from the start makes a first run as fast as a warm one. Pairs the module
// declines (see assembly/index.ts) are scored by the TypeScript engine: the numbers never differ.
import type { LexicalScores, StopwordList, TokenizerMode } from "../../types";
import { ABBREV_TYPES, COLLOCATIONS, ORTHO_CONTEXT, SENT_STARTERS } from "../data/punkt-english";
import { STOPWORDS_NEW, STOPWORDS_OLD } from "../data/stopwords";
import { PY_DIGIT, PY_LOWER, PY_LOWER_RUNS, PY_SPACE, PY_UPPER, PY_WORD } from "../data/unicode-tables";
import { EXTRA_STOPWORDS } from "../filter";
import { wordTokenize } from "../word-tokenizer";
import { LEXICAL_WASM_BASE64 } from "./binary";

type Exports = {
  memory: WebAssembly.Memory;
  init(seed: number): void;
  loadClass(kind: number, ptr: number, count: number): void;
  loadLowerMap(ptr: number, count: number): void;
  loadSet(set: number, ptr: number, len: number): void;
  scratchArea(bytes: number): number;
  batchArea(pairs: number, inputBytes: number): number;
  scoreBatch(pairs: number, mode: number, oldStopwords: number): number;
  tokenizeOne(bytes: number, mode: number): number;
  tokenPointers(): number;
};

// Indexes shared with assembly/text.ts and assembly/sets.ts.
const CLASSES = [PY_SPACE, PY_DIGIT, PY_WORD, PY_UPPER, PY_LOWER];
const SET_LISTS: string[][] = [
  [...ABBREV_TYPES],
  [...SENT_STARTERS],
  COLLOCATIONS.map(([a, b]) => `${a}\u0000${b}`),
  [...new Set(COLLOCATIONS.map(([a]) => a))],
  [...STOPWORDS_NEW, ...EXTRA_STOPWORDS],
  [...STOPWORDS_OLD, ...EXTRA_STOPWORDS],
  ORTHO_CONTEXT.map(([word, flags]) => `${word}\t${flags}`),
];
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
  CLASSES.forEach((body, kind) => {
    const pairs = classRanges(body);
    const ptr = e.scratchArea(pairs.length * 4);
    new Int32Array(e.memory.buffer, ptr, pairs.length).set(pairs);
    e.loadClass(kind, ptr, pairs.length / 2);
  });
  const lower = lowerPairs();
  const ptr = e.scratchArea(lower.length * 4);
  new Int32Array(e.memory.buffer, ptr, lower.length).set(lower);
  e.loadLowerMap(ptr, lower.length / 2);
  SET_LISTS.forEach((words, set) => {
    const text = words.join("\n");
    const at = e.scratchArea(text.length * 3);
    const { written } = encoder.encodeInto(text, new Uint8Array(e.memory.buffer, at, text.length * 3));
    e.loadSet(set, at, written);
  });
  engine = e;
  return e;
}

/**
 * [first, last, first, last, ...] of a generated class body (code points and "a-b" ranges, in
 * order; none of these classes holds "-" itself).
 */
function classRanges(body: string): number[] {
  const cps = Array.from(body, (ch) => ch.codePointAt(0)!);
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const range = cps[i + 1] === 0x2d && i + 2 < cps.length;
    const last = range ? cps[i + 2] : cps[i];
    if (last < cps[i] || (out.length > 0 && cps[i] <= out[out.length - 1])) throw new Error("lexical engine: a character class is not in order");
    out.push(cps[i], last);
    if (range) i += 2;
  }
  return out;
}

/** (code point, lowercase) pairs of str.lower()'s one-to-one mappings, sorted by code point. */
function lowerPairs(): number[] {
  const pairs: Array<[number, number]> = [];
  for (const [start, count, step, delta] of PY_LOWER_RUNS) for (let i = 0; i < count; i++) pairs.push([start + i * step, start + i * step + delta]);
  pairs.sort((a, b) => a[0] - b[0]);
  return pairs.flat();
}

// A batch holds at most this many UTF-16 units of text (a few MB of module memory).
const CHUNK_UNITS = 1 << 20;

/** Scores of pairs (preds[i], refs[i]); `fallback` scores the pairs the module declines. */
export function wasmScorePairs(preds: readonly string[], refs: readonly string[], mode: TokenizerMode, stopwords: StopwordList, fallback: (pred: string, ref: string) => LexicalScores): LexicalScores[] {
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

function scoreChunk(e: Exports, preds: readonly string[], refs: readonly string[], from: number, to: number, mode: TokenizerMode, stopwords: StopwordList, fallback: (pred: string, ref: string) => LexicalScores, out: LexicalScores[]): void {
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

/** Raw word tokens of one text (before filtering), or null when the module declines it. */
export function wasmRawTokens(text: string, mode: TokenizerMode): string[] | null {
  const e = wasmEngine();
  if (e === null) return null;
  const room = 3 * text.length;
  const base = e.batchArea(0, room);
  const { written } = encoder.encodeInto(text, new Uint8Array(e.memory.buffer, base, room));
  const n = e.tokenizeOne(written, MODES[mode]);
  if (n < 0) return null;
  const ptrs = new Int32Array(e.memory.buffer, e.tokenPointers(), 2 * n);
  const bytes = new Uint8Array(e.memory.buffer);
  return Array.from({ length: n }, (_, k) => decoder.decode(bytes.subarray(ptrs[2 * k], ptrs[2 * k + 1])));
}

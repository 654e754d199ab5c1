// The lexical engine's WebAssembly module (assembly/, AssemblyScript, built into binary.ts with its
// tables from ../data): compiled and started on first use, with its one import, NLTK's rule
// pipeline (../word-tokenizer.ts) for the sentences its scanner declines.
import type { TokenizerMode } from "../../types";
import { wordTokenize } from "../word-tokenizer";
import { LEXICAL_WASM_BASE64 } from "./binary";

export type Exports = {
  memory: WebAssembly.Memory;
  init(seed: number): void;
  reset(): void;
  batchArea(pairs: number, inputBytes: number): number;
  scoreBatch(pairs: number, mode: number, oldStopwords: number): number;
  tokenizeOne(bytes: number, mode: number): number;
  tokenPointers(): number;
  scanSentence(bytes: number): number;
  tokenHash(bytes: number): number;
  pairKeys(pairs: number): void;
};

export const MODES: Record<TokenizerMode, number> = { nltk: 0, whitespace: 1 };

let engine: Exports | null | undefined;
let memory: WebAssembly.Memory;
export const encoder = new TextEncoder();
// ignoreBOM: a token may start with U+FEFF, which the default decoder would drop.
export const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

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

// Node decodes base64 natively; elsewhere atob and a loop (which costs a cold process ~5 ms).
const NodeBuffer = (globalThis as { Buffer?: { from(s: string, encoding: "base64"): Uint8Array<ArrayBuffer> } }).Buffer;

function moduleBytes(): Uint8Array<ArrayBuffer> {
  if (NodeBuffer) return NodeBuffer.from(LEXICAL_WASM_BASE64, "base64");
  const binary = atob(LEXICAL_WASM_BASE64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The module's exports, compiled and loaded on first use; null where WebAssembly is unavailable. */
export function wasmEngine(): Exports | null {
  if (engine !== undefined) return engine;
  engine = null;
  if (typeof WebAssembly !== "object") return null;
  const bytes = moduleBytes();
  const abort = () => {
    throw new Error("lexical engine: WebAssembly module aborted");
  };
  const e = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { abort, wordRules } }).exports as unknown as Exports;
  memory = e.memory;
  e.init((Math.random() * 0x100000000) >>> 0);
  engine = e;
  return e;
}


// Sentences the single-pass scanner (words.ts) declines go to NLTK's rule pipeline, which stays in
// TypeScript (../../word-tokenizer.ts, its one home): the host tokenizes the sentence and writes
// the tokens back, 0-separated, into the current text's arena, where they stay until the pair is
// scored. A token of the pipeline is a piece of the sentence or `` / '' made from one ", so a
// sentence of n bytes gives at most 3n bytes; the arena holds 4n + 16 for the whole text.
import { Bytes, Ints } from "./buffers";
import { scanWords } from "./words";

// @ts-ignore: decorator
@external("env", "wordRules")
declare function wordRules(sentence: usize, len: i32, out: usize, room: i32): i32;

let arena: Bytes = new Bytes(1 << 10);
let used = 0;

/** Start a text of normalized length n whose rule tokens go to `a` (one arena per text alive). */
export function beginText(a: Bytes, n: i32): void {
  a.ensure(4 * n + 16);
  arena = a;
  used = 0;
}

/** Tokens of the sentence t[from, to) pushed to out; false when the host cannot tokenize it. */
export function sentenceTokens(t: usize, from: i32, to: i32, out: Ints): bool {
  if (scanWords(t, from, to, out)) return true;
  const at = arena.ptr + <usize>used;
  const written = wordRules(t + from, to - from, at, arena.cap - used);
  if (written < 0) return false;
  let start = 0;
  for (let i = 0; i <= written; i++) {
    if (i < written && load<u8>(at + i) != 0) continue;
    if (i > start) out.push2(<i32>(at + start), <i32>(at + i));
    start = i + 1;
  }
  used += written;
  return true;
}

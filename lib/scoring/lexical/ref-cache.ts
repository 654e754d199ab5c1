// Reference answers repeat: every submission is scored against the same answer key. Their
// content token ids are kept in a small bounded cache keyed by the reference text, so a repeated
// reference costs one map lookup instead of normalizing, sentence-splitting, word-tokenizing and
// interning it again. Entries are ids of the current id table; the cache is emptied with it.
import type { TokenizerMode } from "../types";

const MAX_ENTRIES = 8192;
const MAX_CHARS = 1 << 22; // reference text held, so memory is bounded by 8 MB of strings

type Cache = { map: Map<string, Int32Array>; chars: number; generation: number };
const caches: Record<TokenizerMode, Cache> = {
  nltk: { map: new Map(), chars: 0, generation: -1 },
  whitespace: { map: new Map(), chars: 0, generation: -1 },
};

/** Cached content ids of a reference, if made in this id-table generation. */
export function cachedRefIds(ref: string, mode: TokenizerMode, generation: number): Int32Array | undefined {
  const c = caches[mode];
  if (c.generation !== generation) return undefined;
  return c.map.get(ref);
}

export function cacheRefIds(ref: string, mode: TokenizerMode, generation: number, ids: Int32Array): void {
  const c = caches[mode];
  if (c.generation !== generation) {
    c.map.clear();
    c.chars = 0;
    c.generation = generation;
  }
  if (ref.length > MAX_CHARS / 64) return; // long texts are rare and would crowd out the rest
  // Oldest first: the answer key is scored in the same order every time.
  while (c.map.size >= MAX_ENTRIES || c.chars + ref.length > MAX_CHARS) {
    const oldest = c.map.keys().next().value as string;
    c.map.delete(oldest);
    c.chars -= oldest.length;
  }
  c.map.set(ref, ids);
  c.chars += ref.length;
}

/** Forget every cached reference. */
export function clearRefIdCache(): void {
  for (const c of Object.values(caches)) {
    c.map.clear();
    c.chars = 0;
  }
}

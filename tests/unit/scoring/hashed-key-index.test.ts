import { describe, expect, it } from "vitest";
import { HashedKeyIndex, hash128Into } from "../../../lib/scoring/hashed-key-index";

describe("HashedKeyIndex", () => {
  it("returns the first index of a repeated key, like a Map, through several table growths", () => {
    const index = new HashedKeyIndex();
    const exact = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      // Many near-identical keys (one character apart) and repeats of earlier ones.
      const key = i % 3 === 0 ? `question ${Math.floor(i / 7)}\u0000\u0000answer` : `question ${i}\u0000img.png\u0000answer ${i % 11}`;
      const want = exact.get(key) ?? -1;
      if (want < 0) exact.set(key, i);
      expect(index.firstOrAdd(key, i)).toBe(want);
    }
    expect(exact.size).toBeGreaterThan(3_000); // past the initial 1,024 slots several times
  });

  it("hashes to 128 bits that differ for near-identical strings and depend on every character", () => {
    const seen = new Set<string>();
    const out = new Uint32Array(4);
    const keys = ["", "a", "b", "ab", "ba", "a\u0000", "\u0000a", "\ud800", "\udc00", "é", "e\u0301"];
    for (let i = 0; i < 2_000; i++) keys.push(`q${i}`, `${i}q`);
    for (const key of keys) {
      hash128Into(key, out);
      seen.add([...out].join(","));
    }
    expect(seen.size).toBe(keys.length);
  });
});

// Token lists as ranges (lib/scoring/lexical/fast/token-ranges.ts): reused lists give the same tokens
// as fresh ones, also after a very long text made the buffers grow and be given back; the code
// units are those of the normalized text.
import { describe, expect, it } from "vitest";
import { fastRawTokens, tokenRanges } from "@/lib/scoring/lexical/fast";
import { newRanges, pushRange, pushString, rangeChars, rangeStrings, resetRanges, truncateRanges } from "@/lib/scoring/lexical/fast/token-ranges";

describe("token ranges", () => {
  it("mixes ranges and strings, counts characters, truncates both", () => {
    const t = newRanges();
    resetRanges(t, 'he said "no"');
    pushRange(t, 0, 2);
    pushString(t, "``");
    pushRange(t, 9, 11);
    expect([rangeStrings(t), rangeChars(t)]).toEqual([["he", "``", "no"], 6]);
    truncateRanges(t, 1, 0);
    pushString(t, "''");
    expect([rangeStrings(t), t.extra]).toEqual([["he", "''"], ["''"]]);
  });

  it("gives the same tokens in a reused list after a long text", () => {
    const list = newRanges();
    const long = Array.from({ length: 70_000 }, (_, i) => `w${i % 977}`).join(" ");
    const short = 'Dr. Smith said "it\'s fine", didn\'t he? Yes.';
    for (const mode of ["nltk", "whitespace"] as const) {
      expect(rangeStrings(tokenRanges(short, mode, list))).toEqual(fastRawTokens(short, mode));
      const longTokens = rangeStrings(tokenRanges(long, mode, list));
      expect(longTokens.length).toBe(70_000);
      expect(list.r.length).toBeGreaterThanOrEqual(140_000);
      expect(list.codes.length).toBeGreaterThanOrEqual(long.length);
      expect(rangeStrings(tokenRanges(short, mode, list))).toEqual(fastRawTokens(short, mode));
      expect(list.r.length).toBeLessThan(1 << 16);
      expect(list.codes.length).toBeLessThan(1 << 16);
      expect(Array.from(list.codes.subarray(0, list.text.length), (c) => String.fromCharCode(c)).join("")).toBe(list.text);
      expect(rangeStrings(tokenRanges("", mode, list))).toEqual([]);
    }
  });
});

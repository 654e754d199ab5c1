// The token table (lib/scoring/lexical/fast/intern.ts): one id per distinct character sequence,
// whichever text or offset it is looked up from, through full-hash collisions, table growth
// and emptying.
import { describe, expect, it } from "vitest";
import { clearInterned, hashCodes, internCodes, internedChars, internedCount, internString, MAX_IDS } from "@/lib/scoring/lexical/fast/intern";
import { codesOf } from "@/lib/scoring/lexical/fast/token-ranges";

const id = internString;
/** Id of text[a, b), looked up from the text's code units. */
const idIn = (text: string, a: number, b: number) => internCodes(codesOf(text, new Uint16Array(0)), a, b);

describe("token table", () => {
  it("gives one id per token, from any text and offset, ids in order of first appearance", () => {
    clearInterned();
    expect([id("cat"), id("dog"), id("cat"), id(""), id("\u4e2d\u6587"), id("caf\u00e9")]).toEqual([0, 1, 0, 2, 3, 4]);
    const text = "a cat, a dog: \u4e2d\u6587 caf\u00e9!";
    expect(idIn(text, 2, 5)).toBe(0);
    expect(idIn(text, 9, 12)).toBe(1);
    expect(idIn(text, 14, 16)).toBe(3);
    expect(idIn(text, 17, 21)).toBe(4);
    expect(idIn(text, 2, 4)).toBe(5); // "ca", a prefix, is a token of its own
    expect([internedCount(), internedChars()]).toEqual([6, 3 + 3 + 0 + 2 + 4 + 2]);
  });

  it("tells apart different tokens with the same hash", () => {
    clearInterned();
    // A 32-bit collision among random 8-letter tokens (birthday bound: ~77k for even odds).
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null && i < 2_000_000; i++) {
      const t = Math.random().toString(36).slice(2, 10);
      const h = hashCodes(codesOf(t, new Uint16Array(0)), 0, t.length);
      const other = seen.get(h);
      if (other !== undefined && other !== t) pair = [other, t];
      else seen.set(h, t);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair!;
    const ida = id(a);
    const idb = id(b);
    expect(ida).not.toBe(idb);
    expect([id(a), id(b), idIn(`x ${b} y`, 2, 2 + b.length)]).toEqual([ida, idb, idb]);
  });

  it("keeps every id through growth, and hands out new ids after being emptied", () => {
    clearInterned();
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
    words.forEach((w, i) => expect(id(w)).toBe(i));
    expect(words.every((w, i) => id(w) === i)).toBe(true);
    expect(internedCount()).toBe(words.length);
    clearInterned();
    expect([internedCount(), internedChars()]).toEqual([0, 0]);
    expect([id(words[49_999]), id(words[0])]).toEqual([0, 1]);
  });

  it("refuses to grow past its limit (callers empty it before)", () => {
    clearInterned();
    for (let i = 0; i < MAX_IDS; i++) id(i.toString(36));
    expect(id("0")).toBe(0);
    expect(() => id("a new token")).toThrow(/full/);
    clearInterned();
    expect(id("a new token")).toBe(0);
  });
});

describe("token table after a burst of distinct tokens", () => {
  it("works the same once emptied and refilled (buffers given back and regrown)", () => {
    clearInterned();
    // 100k distinct tokens of 40 characters: 4M characters of keys and a 2^18-slot table.
    const long = (i: number) => `${i.toString(36).padStart(8, "0")}${"x".repeat(32)}`;
    for (let i = 0; i < 100_000; i++) expect(id(long(i))).toBe(i);
    expect(internedChars()).toBe(4_000_000);
    clearInterned();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5_000; i++) expect(id(long(i * 7))).toBe(i);
      expect(id(long(0))).toBe(0);
      clearInterned();
    }
  });
});

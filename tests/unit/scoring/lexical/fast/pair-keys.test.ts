// The module's pair keys are the CLI lexical cache's pairKey (cli/lexical-cache.ts), bit for bit,
// on any text: lone surrogates, astral characters, empty texts, long texts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastPairKeys } from "@/lib/scoring/lexical/fast";
import { pairKey } from "../../../../../cli/lexical-cache";

function both(preds: string[], refs: string[]): [number[], number[]] {
  const fast = new Int32Array(4 * preds.length);
  expect(fastPairKeys(preds, refs, fast)).toBe(true);
  const plain = new Int32Array(4 * preds.length);
  preds.forEach((p, i) => pairKey(p, refs[i], plain, 4 * i));
  return [Array.from(fast), Array.from(plain)];
}

describe("fast pair keys", () => {
  it("equal pairKey on fixed and random texts", () => {
    const [fast, plain] = both(["", "ab", "a\ud800b", "\ud83d\ude00 x", "x".repeat(10_000)], ["", "c", "\udc00", "caf\u00e9", "y"]);
    expect(fast).toEqual(plain);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 })), { maxLength: 30 }), (pairs) => {
        const [f, p] = both(pairs.map(([a]) => a), pairs.map(([, b]) => b));
        expect(f).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });

  it("tell apart texts that differ only where the pair is split", () => {
    const [keys] = both(["ab", "a"], ["c", "bc"]);
    expect(keys.slice(0, 2)).not.toEqual(keys.slice(4, 6));
  });
});

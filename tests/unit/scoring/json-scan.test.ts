import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DepthGuard, scanStringBody } from "../../../lib/scoring/json-scan";

// The whole-text depth guard as it was before it became incremental (oracle for DepthGuard).
function depthExceedsWhole(text: string, limit: number): number {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return -1;
        let backslashes = 0;
        for (let k = q - 1; text.charCodeAt(k) === 92; k--) backslashes++;
        from = q + 1;
        if (backslashes % 2 === 0) break;
      }
      i = from;
      continue;
    }
    if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) depth--;
    i++;
  }
  return -1;
}

const text = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", " ", "/", "*", "\n"), maxLength: 80 });
const cuts = fc.array(fc.nat(80), { maxLength: 8 });
const split = (s: string, at: number[]) => {
  const points = [...new Set(at.map((n) => n % (s.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((p, k, all) => s.slice(p, all[k + 1] ?? s.length));
};

describe("DepthGuard", () => {
  it("gives the whole-text guard's offset however the text is chunked", () => {
    fc.assert(
      fc.property(text, cuts, fc.integer({ min: 0, max: 4 }), (s, at, limit) => {
        const guard = new DepthGuard(limit);
        for (const piece of split(s, at)) guard.feed(piece);
        expect(guard.exceededAt).toBe(depthExceedsWhole(s, limit));
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });
});

describe("scanStringBody", () => {
  it("finds the closing quote, carrying backslashes across chunks", () => {
    expect(scanStringBody('ab"x', 0, 0)).toBe(3);
    expect(scanStringBody('a\\"b"', 0, 0)).toBe(5);
    expect(scanStringBody('\\\\"', 0, 0)).toBe(3);
    expect(scanStringBody('"', 0, 1)).toBe(-1 - 0); // escaped by the previous chunk's backslash
    expect(scanStringBody('"', 0, 2)).toBe(1);
    expect(scanStringBody("ab\\\\\\", 0, 0)).toBe(-1 - 3);
    expect(scanStringBody("\\\\", 0, 1)).toBe(-1 - 3);
  });
});

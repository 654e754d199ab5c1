// The fast engine's token table (lib/scoring/lexical/fast/assembly/intern.ts), seen through the
// scores it gives: tokens whose hashes collide stay distinct, and ids stay right while the table
// grows, fills and is emptied between pairs (the differential tests compare every score too).
import { describe, expect, it } from "vitest";
import { fastScorePairs, scoresAt, tokenHash, wasmEngine } from "@/lib/scoring/lexical/fast";
import { lexicalScores } from "@/lib/scoring/lexical";

const reference = (pred: string, ref: string) => lexicalScores(pred, ref, { engine: "reference" });

describe("fast engine token table", { timeout: 120_000 }, () => {
  it("tells apart different tokens with the same hash", () => {
    wasmEngine()!.init(0x5eed); // a fixed seed, so the search below finds a collision
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null && i < 2_000_000; i++) {
      const token = `t${i.toString(36)}x`;
      const h = tokenHash(token);
      const other = seen.get(h);
      if (other !== undefined) pair = [other, token];
      else seen.set(h, token);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair!;
    expect(tokenHash(a)).toBe(tokenHash(b));
    const batch = fastScorePairs([a, a, `${a} ${b}`], [a, b, `${b} ${a}`], "whitespace", "new");
    const [same, different, both] = [0, 1, 2].map((i) => scoresAt(batch, i));
    expect(same.f1).toBe(1);
    expect(different).toEqual({ precision: 0, recall: 0, f1: 0, bleu1: 0 });
    expect(both).toEqual(reference(`${a} ${b}`, `${b} ${a}`));
  });

  it("grows, fills and empties without mixing up ids", () => {
    // 2^17 ids at most: these pairs of 1,000 new tokens each fill it every ~130 pairs.
    let k = 0;
    const junk = (n: number) => Array.from({ length: n }, () => `w${(k++).toString(36)}`).join(" ");
    const preds = Array.from({ length: 400 }, (_, i) => `the answer ${i % 9} ${junk(1000)}`);
    const refs = Array.from({ length: 400 }, (_, i) => `the answer ${i % 7}`);
    const got = fastScorePairs(preds, refs, "nltk", "new");
    for (const i of [0, 129, 130, 131, 260, 399]) expect(scoresAt(got, i)).toEqual(reference(preds[i], refs[i]));
  });
});

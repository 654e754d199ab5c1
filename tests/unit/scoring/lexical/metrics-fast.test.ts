// scorePair's small-list path (linear search in reused arrays) and its hash-map path must agree
// with the plain definitions (setScores on stopword-filtered lists, bleu1 on the BLEU lists).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bleu1, scorePair, setScores } from "@/lib/scoring/lexical/metrics";
import { scoreRawTokens } from "@/lib/scoring/lexical/score-ids";
import { stopwordSet } from "@/lib/scoring/lexical/tokenize";

const stop = stopwordSet("new");
const word = fc.constantFrom("the", "a", "cat", "dog", "is", "run", "x", "y", "z", "of", "it", "'s", "n't", "1", "myself", "ma");
// Raw token lists also hold punctuation, which the script filters out.
const rawWord = fc.oneof(word, fc.constantFrom(".", ",", "``", "''", "...", "--", "(", "\u2013", "\u201c", "'"));
const filter = (ts: string[]) => ts.filter((t) => !/^[!-\/:-@[-`{-~]+$/.test(t));

describe("scorePair equals setScores + bleu1", { timeout: 60_000 }, () => {
  for (const maxLength of [20, 200]) {
    it(`on random token lists up to ${maxLength} tokens`, () => {
      fc.assert(
        fc.property(fc.array(word, { maxLength }), fc.array(word, { maxLength }), (hyp, ref) => {
          const got = scorePair(hyp, ref, stop);
          const want = { ...setScores(hyp.filter((t) => !stop.has(t)), ref.filter((t) => !stop.has(t))), bleu1: bleu1(hyp, ref) };
          expect(got).toEqual(want);
        }),
        { numRuns: 3000 },
      );
    });

    it(`scoreRawTokens (interned ids) agrees on raw lists up to ${maxLength} tokens, both stopword lists`, () => {
      fc.assert(
        fc.property(fc.array(rawWord, { maxLength }), fc.array(rawWord, { maxLength }), fc.constantFrom("new", "old"), (hyp, ref, list) => {
          const h = filter(hyp);
          const r = filter(ref);
          expect(scoreRawTokens(hyp, ref, list)).toEqual(scorePair(h, r, stopwordSet(list)));
        }),
        { numRuns: 3000 },
      );
    });
  }
});

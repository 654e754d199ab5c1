// The interned-id metrics (lib/scoring/lexical/fast/score-ids.ts) must agree with the reference
// metrics on token strings (setScores on the stopword-filtered lists, bleu1 on the BLEU lists).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreRanges } from "@/lib/scoring/lexical/fast/score-ids";
import { rangesOf } from "@/lib/scoring/lexical/fast/token-ranges";
import { scoreRawTokenStrings } from "@/lib/scoring/lexical/reference";

const word = fc.constantFrom("the", "a", "cat", "dog", "is", "run", "x", "y", "z", "of", "it", "'s", "n't", "1", "myself", "ma");
// Raw token lists also hold punctuation, which the script filters out.
const rawWord = fc.oneof(word, fc.constantFrom(".", ",", "``", "''", "...", "--", "(", "\u2013", "\u201c", "'"));

describe("interned-id metrics equal the reference metrics", { timeout: 60_000 }, () => {
  for (const maxLength of [20, 200]) {
    it(`on raw token lists up to ${maxLength} tokens, both stopword lists`, () => {
      fc.assert(
        fc.property(fc.array(rawWord, { maxLength }), fc.array(rawWord, { maxLength }), fc.constantFrom("new", "old"), (hyp, ref, list) => {
          expect(scoreRanges(rangesOf(hyp), rangesOf(ref), list)).toEqual(scoreRawTokenStrings(hyp, ref, list));
        }),
        { numRuns: 3000 },
      );
    });
  }
});

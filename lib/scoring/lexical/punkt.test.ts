import { describe, expect, it } from "vitest";
import { sentenceRanges, sentences } from "./punkt";

describe("punkt on long texts without spaces (found by fuzzing)", () => {
  // endContexts looked for the word before each "!"/"?" with lastIndexOf(" ") from that position:
  // with no space in the text every lookup scanned back to the start, so 200,000 characters of
  // "!?" took ~10 s (quadratic; measured on a shared 2-core machine). The scan now stops at the
  // previous candidate. This input takes well under a second, well inside the default test
  // timeout that the old code exceeded.
  it("splits 200,000 characters of '!?' like a short run of them", () => {
    expect(sentences("!?".repeat(5))).toEqual(["!", "?!?!?!?!", "?"]);
    expect(sentences("!?".repeat(5) + " word. Next!")).toEqual(["!", "?!?!?!?!?", "word.", "Next!"]);
    const n = 100_000;
    expect(sentenceRanges("!?".repeat(n))).toEqual([0, 1, 1, 2 * n - 1, 2 * n - 1, 2 * n]);
  });
});

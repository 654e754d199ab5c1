import { describe, expect, it } from "vitest";
import { clearSentbreakMemo, sentenceRanges, sentences } from "../../../../lib/scoring/lexical/punkt";

// Expected sentences: NLTK's PunktSentenceTokenizer (3.5 and 3.8) with the English parameters.
describe("punkt on long texts without spaces (found by fuzzing)", () => {
  // endContexts looked for the word before each "!"/"?" with lastIndexOf(" ") from that position:
  // with no space in the text every lookup scanned back to the start, so 200,000 characters of
  // "!?" took ~10 s (quadratic; measured on a shared 2-core machine). The scan now stops at the
  // previous candidate. This input takes well under a second, well inside the default test
  // timeout that the old code exceeded.
  const n = 100_000;
  it("splits 200,000 characters of '!?' like a short run of them (NLTK 3.8)", () => {
    expect(sentences("!?".repeat(5), "3.8")).toEqual(["!", "?!?!?!?!", "?"]);
    expect(sentences("!?".repeat(5) + " word. Next!", "3.8")).toEqual(["!", "?!?!?!?!?", "word.", "Next!"]);
    expect(sentenceRanges("!?".repeat(n), "3.8")).toEqual([0, 1, 1, 2 * n - 1, 2 * n - 1, 2 * n]);
  });

  it("and in NLTK 3.5, whose one greedy regex never makes the first '!' a candidate of its own", () => {
    expect(sentences("!?".repeat(5), "3.5")).toEqual(["!?!?!?!?!", "?"]);
    expect(sentences("!?".repeat(5) + " word. Next!", "3.5")).toEqual(["!?!?!?!?!?", "word.", "Next!"]);
    expect(sentenceRanges("!?".repeat(n), "3.5")).toEqual([0, 2 * n - 1, 2 * n - 1, 2 * n]);
  });
});

describe("an end character that starts a word, followed by another candidate in it", () => {
  it("is a candidate in NLTK 3.8 and not in 3.5", () => {
    expect(sentences(".'tis!) x", "3.8")).toEqual([".", "'tis!)", "x"]);
    expect(sentences(".'tis!) x", "3.5")).toEqual([".'tis!)", "x"]);
    expect(sentences("ok. ?)no?) yes", "3.8")).toEqual(["ok.", "?", ")no?)", "yes"]);
    expect(sentences("ok. ?)no?) yes", "3.5")).toEqual(["ok.", "?)no?)", "yes"]);
  });
});

describe.each(["3.5", "3.8"] as const)("memoized Punkt decisions (NLTK %s)", (nltk) => {
  // Contexts that the quick test leaves to containsSentbreak: a title, an initial, a quote after
  // a period, a closing bracket; both decisions occur.
  const texts = [
    "dr. wu left. c. zhou came.",
    'it was correct." then he left.',
    "see (p. 10). in short, yes.",
    "u.s. embassy. it is",
  ];
  const fresh = (t: string) => {
    clearSentbreakMemo();
    return sentences(t, nltk);
  };

  it("gives the same sentences from the memo as computed afresh", () => {
    const want = texts.map(fresh);
    expect(want.some((s) => s.length > 1) && want.some((s) => s.some((x) => x.includes(". ")))).toBe(true);
    for (let pass = 0; pass < 2; pass++) expect(texts.map((t) => sentences(t, nltk))).toEqual(want);
    // In other surroundings (texts whose other contexts differ) too.
    expect(sentences(`${texts[0]} ${texts[1]}`, nltk)).toEqual(fresh(`${texts[0]} ${texts[1]}`));
  });

  it("stays correct when the memo is full and emptied", () => {
    clearSentbreakMemo();
    const want = texts.map(fresh);
    for (let i = 0; i < 10_000; i++) sentences(`x${i.toString(36)}. y${i}. dr. z${i} said.`, nltk);
    expect(texts.map((t) => sentences(t, nltk))).toEqual(want);
  });
});

import { describe, expect, it } from "vitest";
import { tokenize } from "../../../../lib/scoring/lexical/index";

// Expected values below were produced by the Python oracle (real NLTK 3.5 and 3.8, English Punkt).
describe.each(["3.5", "3.8"] as const)("tokenize with NLTK %s", (nltkVersion) => {
  const nltk = (text: string, removeStopwords = false) =>
    tokenize(text, { mode: "nltk", nltk: nltkVersion, removeStopwords });
  const ws = (text: string, removeStopwords = false) =>
    tokenize(text, { mode: "whitespace", nltk: nltkVersion, removeStopwords });

  describe("nltk mode", () => {
    it("keeps trained abbreviations whole and splits contractions", () => {
      expect(nltk("Dr. Smith met the U.S. team. It's late, isn't it?")).toEqual([
        "dr.",
        "smith",
        "met",
        "the",
        "u.s.",
        "team",
        "it",
        "'s",
        "late",
        "is",
        "n't",
        "it",
      ]);
    });

    it("turns straight double quotes into `` and '' and drops them as punctuation", () => {
      expect(nltk('He said "yes".')).toEqual(["he", "said", "yes"]);
    });

    it("keeps curly quotes, the ellipsis character and dashes in BLEU tokens", () => {
      expect(nltk("\u201cwait\u2026\u201d \u2013 ok \u2014 fine")).toEqual([
        "\u201c",
        "wait\u2026",
        "\u201d",
        "\u2013",
        "ok",
        "\u2014",
        "fine",
      ]);
      expect(nltk("\u201cwait\u2026\u201d \u2013 ok \u2014 fine", true)).toEqual([
        "\u201c",
        "wait\u2026",
        "\u201d",
        "ok",
        "fine",
      ]);
    });

    it("splits numbers only where NLTK does", () => {
      expect(nltk("3.14 and 1,000 cost $5 (10%) on 3-4 days")).toEqual([
        "3.14",
        "and",
        "1,000",
        "cost",
        "5",
        "10",
        "on",
        "3-4",
        "days",
      ]);
    });

    it("handles MacIntyre contractions", () => {
      expect(nltk("I cannot, gonna go. 'Tis fine")).toEqual(["i", "can", "not", "gon", "na", "go", "'t", "is", "fine"]);
      expect(nltk("I wanna go")).toEqual(["i", "wan", "na", "go"]);
    });

    it("gives no tokens for empty and whitespace-only input (Python whitespace set)", () => {
      for (const s of ["", " ", "\t\n", "\u00a0\u2003\u3000", "\x1c\x85"]) expect(nltk(s)).toEqual([]);
      // U+FEFF is not whitespace for Python, so it is a token.
      expect(nltk("\ufeff")).toEqual(["\ufeff"]);
    });
  });

  describe("whitespace mode", () => {
    it("is Python str.split() after lowercasing, then filtering", () => {
      expect(ws("I'm here, (really) -- OK?")).toEqual(["i'm", "here,", "(really)", "ok?"]);
      expect(ws("I'm here, (really) -- OK?", true)).toEqual(["here,", "(really)", "ok?"]);
    });

    it("uses the old 179-word list on request", () => {
      expect(
        tokenize("I'm here", { mode: "whitespace", nltk: nltkVersion, removeStopwords: true, stopwords: "old" }),
      ).toEqual(["i'm"]);
    });

    it("lowercases like Python (final sigma, dotted I)", () => {
      expect(ws("\u039f\u0394\u039f\u03a3 \u0130")).toEqual(["\u03bf\u03b4\u03bf\u03c2", "i\u0307"]);
    });
  });
});

describe("where the NLTK versions tokenize differently", () => {
  const tok = (text: string, nltk: "3.5" | "3.8", removeStopwords = false) =>
    tokenize(text, { mode: "nltk", nltk, removeStopwords });

  it("'n: 3.5 splits the quote off (and more'n into more, n); 3.8 keeps rock'n and splits more 'n", () => {
    expect(tok("Rock'n roll, more'n a day", "3.5")).toEqual(["rock", "n", "roll", "more", "n", "a", "day"]);
    expect(tok("Rock'n roll, more'n a day", "3.8")).toEqual(["rock'n", "roll", "more", "'n", "a", "day"]);
    expect(tok("Rock'n roll, more'n a day", "3.5", true)).toEqual(["rock", "n", "roll", "n", "day"]);
  });

  it("'' at the start of a word: 3.5 leaves it on the word, 3.8 pads it", () => {
    expect(tok("''Cats are here", "3.5")).toEqual(["''cats", "are", "here"]);
    expect(tok("''Cats are here", "3.8")).toEqual(["cats", "are", "here"]);
  });

  it("Punkt: an end character starting a word with a later candidate splits only in 3.8", () => {
    expect(tok(".'tis!) x", "3.5")).toEqual([".'tis", "x"]);
    expect(tok(".'tis!) x", "3.8")).toEqual(["'t", "is", "x"]);
  });
});

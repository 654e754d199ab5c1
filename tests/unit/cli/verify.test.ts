import { describe, expect, it } from "vitest";
import { lexicalOptionsForVersion, scorerVersionFor } from "../../../lib/scoring";
import { parseEntryRef } from "../../../cli/commands/verify-client";
import { compareRows } from "../../../cli/commands/verify-compare";

describe("h2hmem verify: inputs", () => {
  it("takes an entry URL (base from it unless --url) or an id with --url", () => {
    expect(parseEntryRef("https://h2h.example/entries/cm123?metric=f1")).toEqual({
      base: "https://h2h.example",
      id: "cm123",
    });
    expect(parseEntryRef("https://h2h.example/board/entries/cm123", "http://localhost:3000")).toEqual({
      base: "http://localhost:3000",
      id: "cm123",
    });
    expect(parseEntryRef("cm123", "http://localhost:3000")).toEqual({ base: "http://localhost:3000", id: "cm123" });
    expect(parseEntryRef("cm123")).toBeNull();
    expect(parseEntryRef("https://h2h.example/")).toBeNull();
  });

  it("reads the lexical options back from a scorer version, judge suffix or not, and refuses another algorithm", () => {
    const modes = [
      { tokenizer: "nltk", nltk: "3.5", stopwords: "new" },
      { tokenizer: "nltk", nltk: "3.8", stopwords: "new" },
      { tokenizer: "whitespace", nltk: "3.5", stopwords: "old" },
    ] as const;
    for (const o of modes) {
      expect(lexicalOptionsForVersion(scorerVersionFor(o))).toEqual(o);
      expect(lexicalOptionsForVersion(`${scorerVersionFor(o)}+judge=gpt-4o-mini@h2h1-1a2b`)).toEqual(o);
    }
    // A version stored before the NLTK mode was named followed NLTK 3.8: verify re-scores it as such.
    expect(lexicalOptionsForVersion("lex-1+nltk+sw198+key=1a2b3c4d")).toEqual({
      tokenizer: "nltk",
      nltk: "3.8",
      stopwords: "new",
    });
    expect(lexicalOptionsForVersion("lex-2+nltk35+sw198")).toBeNull();
    expect(lexicalOptionsForVersion("garbage")).toBeNull();
  });
});

describe("h2hmem verify: comparison", () => {
  const row = {
    split: "overall",
    scope: "ALL",
    metric: "f1",
    aggregate: "micro",
    value: 0.5,
    ciLow: 0.4,
    ciHigh: 0.6,
    n: 10,
  } as const;
  it("matches only when value, interval and n agree, and a missing row is a mismatch", () => {
    expect(compareRows([row], [{ ...row }])[0]!.ok).toBe(true);
    expect(compareRows([row], [{ ...row, value: 0.5 + 1e-12 }])[0]!.ok).toBe(true);
    expect(compareRows([row], [{ ...row, value: 0.501 }])[0]!.ok).toBe(false);
    expect(compareRows([row], [{ ...row, ciHigh: 0.61 }])[0]!.ok).toBe(false);
    expect(compareRows([row], [{ ...row, n: 11 }])[0]!.ok).toBe(false);
    expect(compareRows([row], [{ ...row, ciLow: null }])[0]!.ok).toBe(false);
    expect(compareRows([row], [{ ...row, metric: "bleu1" }])[0]).toMatchObject({ ok: false, local: null });
  });
});

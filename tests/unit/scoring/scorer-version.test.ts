import { describe, expect, it } from "vitest";
import { answerKeyTagOf, scorerVersionFor, withAnswerKey } from "../../../lib/scoring/scorer-version";

describe("scorer versions name the answer key", () => {
  const sha = "1A2B3C4D5E6F".padEnd(64, "0");

  it("adds +key=<8 hex> after the lexical part and reads it back", () => {
    const v = withAnswerKey(scorerVersionFor({ tokenizer: "nltk", stopwords: "new" }), sha);
    expect(v).toBe("lex-1+nltk+sw198+key=1a2b3c4d");
    expect(answerKeyTagOf(v)).toBe("1a2b3c4d");
    expect(answerKeyTagOf(`${v}+judge=gpt-4o-mini@h2h1-deadbeef`)).toBe("1a2b3c4d");
  });

  it("different keys give different versions; no key gives none", () => {
    expect(withAnswerKey("lex-1+nltk+sw198", sha)).not.toBe(withAnswerKey("lex-1+nltk+sw198", "ffffffff".padEnd(64, "0")));
    expect(withAnswerKey("lex-1+nltk+sw198", null)).toBe("lex-1+nltk+sw198");
    expect(answerKeyTagOf("lex-1+nltk+sw198+judge=m@p")).toBeNull();
  });
});

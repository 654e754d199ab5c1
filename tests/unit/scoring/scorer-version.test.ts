import { describe, expect, it } from "vitest";
import {
  answerKeyTagOf,
  formatScorerVersion,
  hasJudgePart,
  isNltkModeChange,
  judgePartOf,
  keyTagLikePattern,
  lexicalOptionsForVersion,
  nltkLabelOf,
  parseScorerVersion,
  scorerVersionFor,
  withAnswerKey,
  withJudge,
  withLexicalOptions,
} from "../../../lib/scoring/scorer-version";

const sha = "1A2B3C4D5E6F".padEnd(64, "0");
const judge = { model: "gpt-4o-mini", promptVersion: "h2h2-1a2b3c4d" };

describe("scorer versions name the answer key", () => {
  it("adds +key=<8 hex> after the lexical part and reads it back", () => {
    const v = withAnswerKey(scorerVersionFor({ tokenizer: "nltk", stopwords: "new" }), sha);
    expect(v).toBe("lex-1+nltk35+sw198+key=1a2b3c4d");
    expect(answerKeyTagOf(v)).toBe("1a2b3c4d");
    expect(answerKeyTagOf(`${v}+judge=gpt-4o-mini@h2h1-deadbeef`)).toBe("1a2b3c4d");
  });

  it("different keys give different versions; no key gives none", () => {
    expect(withAnswerKey("lex-1+nltk35+sw198", sha)).not.toBe(
      withAnswerKey("lex-1+nltk35+sw198", "ffffffff".padEnd(64, "0")),
    );
    expect(withAnswerKey("lex-1+nltk35+sw198", null)).toBe("lex-1+nltk35+sw198");
    expect(answerKeyTagOf("lex-1+nltk35+sw198+judge=m@p")).toBeNull();
    expect(keyTagLikePattern("1A2B3C4D99")).toBe("%+key=1a2b3c4d%");
  });
});

describe("the NLTK mode in the version", () => {
  it("names nltk35 (the default, the benchmark's pin), nltk38 and the whitespace modes", () => {
    expect(scorerVersionFor()).toBe("lex-1+nltk35+sw198");
    expect(scorerVersionFor({ nltk: "3.8" })).toBe("lex-1+nltk38+sw198");
    expect(scorerVersionFor({ tokenizer: "whitespace" })).toBe("lex-1+whitespace-nltk35+sw198");
    expect(scorerVersionFor({ tokenizer: "whitespace", nltk: "3.8", stopwords: "old" })).toBe(
      "lex-1+whitespace-nltk38+sw179",
    );
  });

  it("reads each mode back", () => {
    expect(parseScorerVersion("lex-1+nltk35+sw198")).toMatchObject({
      options: { tokenizer: "nltk", nltk: "3.5", stopwords: "new" },
      legacyMode: false,
      keyTag: null,
      judge: null,
    });
    expect(parseScorerVersion("lex-1+nltk38+sw198+key=1a2b3c4d")).toMatchObject({
      options: { tokenizer: "nltk", nltk: "3.8" },
      legacyMode: false,
      keyTag: "1a2b3c4d",
    });
    expect(parseScorerVersion("lex-1+whitespace-nltk35+sw179")).toMatchObject({
      options: { tokenizer: "whitespace", nltk: "3.5", stopwords: "old" },
    });
  });

  it("reads versions written before the mode was named (nltk, whitespace) as NLTK 3.8", () => {
    const legacy = "lex-1+nltk+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d";
    expect(parseScorerVersion(legacy)).toEqual({
      lexicalVersion: "lex-1",
      options: { tokenizer: "nltk", nltk: "3.8", stopwords: "new" },
      legacyMode: true,
      keyTag: "1a2b3c4d",
      judge,
    });
    expect(parseScorerVersion("lex-1+whitespace+sw198")).toMatchObject({
      options: { tokenizer: "whitespace", nltk: "3.8" },
      legacyMode: true,
    });
    expect(nltkLabelOf(legacy)).toBe("NLTK 3.8");
    expect(nltkLabelOf("lex-1+nltk35+sw198")).toBe("NLTK 3.5");
    // The legacy form is read, never written.
    expect(withLexicalOptions(legacy, {})).toBe("lex-1+nltk38+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d");
  });

  it("round trips every mode with and without key and judge", () => {
    for (const tokenizer of ["nltk", "whitespace"] as const)
      for (const nltk of ["3.5", "3.8"] as const)
        for (const keySha256 of [null, sha])
          for (const j of [null, judge]) {
            const v = formatScorerVersion({ lexical: { tokenizer, nltk }, keySha256, judge: j });
            const p = parseScorerVersion(v)!;
            expect(p.options).toEqual({ tokenizer, nltk, stopwords: "new" });
            expect(formatScorerVersion({ lexical: p.options, keySha256: p.keyTag, judge: p.judge })).toBe(v);
            expect(hasJudgePart(v)).toBe(j !== null);
            expect(lexicalOptionsForVersion(v)).toEqual(p.options);
          }
  });

  it("splits the judge part off and refuses what is not a version", () => {
    const v = withJudge("lex-1+nltk35+sw198+key=1a2b3c4d", judge);
    expect(judgePartOf(v)).toEqual(judge);
    expect(judgePartOf("lex-1+nltk35+sw198")).toBeNull();
    for (const bad of ["", "lex-1", "lex-1+nltk36+sw198", "lex-1+nltk35+sw200", "v1+judge=m@p"])
      expect(parseScorerVersion(bad)).toBeNull();
    expect(lexicalOptionsForVersion("lex-9+nltk35+sw198")).toBeNull();
  });
});

describe("isNltkModeChange: what the worker may re-score on its own", () => {
  const v = (
    nltk: "3.5" | "3.8",
    over: { key?: string; judge?: typeof judge | null; tokenizer?: "nltk" | "whitespace" } = {},
  ) =>
    formatScorerVersion({
      lexical: { nltk, tokenizer: over.tokenizer ?? "nltk" },
      keySha256: over.key ?? sha,
      judge: over.judge === undefined ? judge : over.judge,
    });

  it("is true for a change of NLTK mode alone, legacy or not", () => {
    expect(isNltkModeChange(v("3.8"), v("3.5"))).toBe(true);
    expect(isNltkModeChange(v("3.5"), v("3.8"))).toBe(true);
    expect(isNltkModeChange("lex-1+nltk+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d", v("3.5"))).toBe(true);
    // Same numbers, new name: rows under the new name are still missing.
    expect(isNltkModeChange("lex-1+nltk+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d", v("3.8"))).toBe(true);
    expect(isNltkModeChange("lex-1+whitespace+sw198+key=1a2b3c4d", "lex-1+whitespace-nltk35+sw198+key=1a2b3c4d")).toBe(
      true,
    );
    expect(isNltkModeChange("lex-1+nltk+sw198", "lex-1+nltk35+sw198")).toBe(true);
  });

  it("is false for the same version or any other difference", () => {
    expect(isNltkModeChange(v("3.5"), v("3.5"))).toBe(false);
    expect(
      isNltkModeChange(v("3.8", { judge: { model: "judge-b", promptVersion: judge.promptVersion } }), v("3.5")),
    ).toBe(false);
    expect(
      isNltkModeChange(v("3.8", { judge: { model: judge.model, promptVersion: "h2h2-ffffffff" } }), v("3.5")),
    ).toBe(false);
    expect(isNltkModeChange(v("3.8", { judge: null }), v("3.5"))).toBe(false);
    expect(isNltkModeChange(v("3.8", { key: "f".repeat(64) }), v("3.5"))).toBe(false);
    expect(isNltkModeChange(v("3.8", { tokenizer: "whitespace" }), v("3.5"))).toBe(false);
    expect(isNltkModeChange("lex-1+nltk38+sw179+key=1a2b3c4d", "lex-1+nltk35+sw198+key=1a2b3c4d")).toBe(false);
    expect(isNltkModeChange("lex-2+nltk38+sw198", "lex-1+nltk35+sw198")).toBe(false);
    expect(isNltkModeChange("garbage", v("3.5"))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { parseScorerVersion } from "../../../../lib/scoring";
import { nltkModeChange } from "../../../../lib/server/versions/nltk-mode";
import {
  KEY_PART_TEXT,
  NLTK_MODE_TOKENS,
  SCORER_VERSION_EXAMPLE,
  keyTagOfVersion,
  nltkLabelOfVersion,
  versionHasJudge,
} from "../../../../lib/server/versions/version-text";

// What /admin/rescore and About say about a version pair (issue 29), read through the one grammar.

const legacy = "lex-1+nltk+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d";
const v35 = "lex-1+nltk35+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d";
const v38 = "lex-1+nltk38+sw198+key=1a2b3c4d+judge=gpt-4o-mini@h2h2-1a2b3c4d";

describe("nltkModeChange", () => {
  it("names both modes and whether the target is the benchmark's pin", () => {
    expect(nltkModeChange(legacy, v35)).toEqual({ from: "NLTK 3.8", to: "NLTK 3.5", toIsPinned: true });
    expect(nltkModeChange(v35, v38)).toEqual({ from: "NLTK 3.5", to: "NLTK 3.8", toIsPinned: false });
  });

  it("is null for the same version or a change of judge, key or stopwords", () => {
    expect(nltkModeChange(v35, v35)).toBeNull();
    expect(nltkModeChange(legacy.replace("gpt-4o-mini", "judge-b"), v35)).toBeNull();
    expect(nltkModeChange(legacy.replace("1a2b3c4d+", "ffffffff+"), v35)).toBeNull();
    expect(nltkModeChange(legacy.replace("sw198", "sw179"), v35)).toBeNull();
  });
});

describe("version text for pages", () => {
  it("spells the parts through the module", () => {
    expect(NLTK_MODE_TOKENS).toEqual({ pinned: "nltk35", newer: "nltk38" });
    expect(KEY_PART_TEXT).toBe("+key=");
    expect(parseScorerVersion(SCORER_VERSION_EXAMPLE)).toMatchObject({
      options: { nltk: "3.5" },
      keyTag: "5e6f7a8b",
      judge: { model: "gpt-4o-mini" },
    });
    expect([versionHasJudge(v35), versionHasJudge("lex-1+nltk35+sw198")]).toEqual([true, false]);
    expect(keyTagOfVersion(v38)).toBe("1a2b3c4d");
    expect([nltkLabelOfVersion(legacy), nltkLabelOfVersion(v35), nltkLabelOfVersion("garbage")]).toEqual([
      "NLTK 3.8",
      "NLTK 3.5",
      null,
    ]);
  });
});

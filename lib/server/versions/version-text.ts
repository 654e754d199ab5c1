import "server-only";
import {
  answerKeyTagOf,
  formatScorerVersion,
  hasJudgePart,
  KEY_PART_PREFIX,
  modeToken,
  nltkLabelOf,
} from "@/lib/scoring";

// What pages show of a scorer version, read through the one grammar (lib/scoring/scorer-version.ts):
// pages may not import the scoring engine's entry point (eslint scoring/entry-points), so they
// come here instead of spelling a version's parts themselves.

/** How a version spells its answer-key part, for text that shows it. */
export const KEY_PART_TEXT = KEY_PART_PREFIX;

/** The NLTK mode tokens as versions spell them, for text that names them (About). */
export const NLTK_MODE_TOKENS = {
  pinned: modeToken({ tokenizer: "nltk", nltk: "3.5" }),
  newer: modeToken({ tokenizer: "nltk", nltk: "3.8" }),
};

/** A whole version as About shows it (NLTK 3.5 mode, a key, a judge). */
export const SCORER_VERSION_EXAMPLE = formatScorerVersion({
  lexical: { nltk: "3.5" },
  keySha256: "5e6f7a8b",
  judge: { model: "gpt-4o-mini", promptVersion: "h2h2-1a2b3c4d" },
});

/** True when the version ranks by the judge (it has a judge part). */
export const versionHasJudge = (version: string): boolean => hasJudgePart(version);

/** The answer key tag a version names, or null. */
export const keyTagOfVersion = (version: string): string | null => answerKeyTagOf(version);

/** "NLTK 3.5" / "NLTK 3.8" (legacy versions read as 3.8), or null. */
export const nltkLabelOfVersion = (version: string | null): string | null => nltkLabelOf(version);

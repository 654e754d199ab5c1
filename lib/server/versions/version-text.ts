import "server-only";
import { formatScorerVersion, modeToken } from "@/lib/scoring";

// Pages may not import the scoring engine's entry point, so they read a version's parts here.
export {
  KEY_PART_PREFIX as KEY_PART_TEXT,
  hasJudgePart as versionHasJudge,
  answerKeyTagOf as keyTagOfVersion,
  nltkLabelOf as nltkLabelOfVersion,
} from "@/lib/scoring";

export const NLTK_MODE_TOKENS = {
  pinned: modeToken({ tokenizer: "nltk", nltk: "3.5" }),
  newer: modeToken({ tokenizer: "nltk", nltk: "3.8" }),
};

export const SCORER_VERSION_EXAMPLE = formatScorerVersion({
  lexical: { nltk: "3.5" },
  keySha256: "5e6f7a8b",
  judge: { model: "gpt-4o-mini", promptVersion: "h2h2-1a2b3c4d" },
});

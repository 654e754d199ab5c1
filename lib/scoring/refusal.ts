// The one refusal detector (rules: docs/SCORING.md §9b). Changing a rule changes stored profiles:
// bump LEXICAL_VERSION (lexical/index.ts) so it is written under a new scorer version.

const BARE =
  /^(?:not (?:mentioned|stated|specified|provided|given|known|available|discussed|sure)|unknown|n\/a|no idea|no information|no answer|unanswerable|uncertain|not enough information|insufficient information)$/;

const SOURCE =
  "(?:the |this |that |our |my )?(?:dialogues?|dialogs?|conversations?|context|memor(?:y|ies)|texts?|transcripts?|chats?|sessions?|records?|(?:provided |available )?information|messages?|history|images?|photos?|pictures?)";
const VERB =
  "(?:mention|say|state|specify|discuss|provide|reveal|include|indicate|contain|tell|show|give|record|describe)";

const PHRASES: RegExp[] = [
  /\bnot (?:been |be )?(?:explicitly |clearly |specifically |directly )?(?:mentioned|stated|specified|discussed|provided|revealed|indicated|recorded|described)\b/,
  new RegExp(`\\b${SOURCE} (?:does|did|do)(?: not|n't)(?: explicitly| clearly| specifically| directly)? ${VERB}`),
  new RegExp(`\\b${SOURCE} (?:never )?(?:makes|made) no mention\\b`),
  /\bno (?:mention|information|record|details?|indication|data|evidence)s? (?:of|about|on|regarding|as to|is|was|in)\b/,
  /\bthere (?:is|was|are) no (?:mention|information|record|indication)\b/,
  /\b(?:cannot|can't|can not|unable to|impossible to) (?:be )?(?:determined?|answer(?:ed)?|known|infer(?:red)?|confirm(?:ed)?)\b/,
  /\bi (?:cannot|can't|can not|could not|couldn't|am unable to) (?:tell|say|know|recall|find|determine|answer)\b/,
  /\b(?:insufficient|not enough|lacks?|no) (?:enough )?(?:information|context|details)\b/,
  /\bi (?:don't|do not|did not|didn't) (?:know|have (?:that|this|enough|any) information|remember|recall)\b/,
  /未提及|未提到|没有提到|没有提及|没提到|未说明|没有说明|无法确定|无法回答|无法得知|不清楚|不知道/,
];

function firstSentence(text: string): string {
  const folded = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  // A sentence ends at . ! ? (ASCII or CJK) followed by a space or the end, or at a CJK stop.
  const end = folded.search(/[.!?](?=\s|$)|[。！？]/);
  return (end === -1 ? folded : folded.slice(0, end)).trim();
}

/** An empty answer is not a refusal (it is "empty"). */
export function isRefusal(answer: string): boolean {
  const s = firstSentence(answer ?? "").replace(/^[\s"'“”(\[]+|(?<![\s"'“”)\],;:])[\s"'“”)\],;:]+$/g, "");
  if (s === "") return false;
  if (BARE.test(s)) return true;
  return PHRASES.some((p) => p.test(s));
}

export function isEmptyAnswer(answer: string): boolean {
  return (answer ?? "").trim() === "";
}

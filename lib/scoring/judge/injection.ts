// Answers that address the grader instead of answering the question: the review flag
// `judge-injection` (lib/server/review/review-flags.ts). The prompt already passes every answer
// as a JSON string the rubric calls data and the cache never carries one request's context into
// another (docs/JUDGE.md, "Threat model"); this is the reviewer's second line: it names the
// questions whose answers try to steer the judge. Each rule is narrow enough that ordinary
// answers ("the final score was 2-1", "she ignored the rules") do not trip it.

export type InjectionRule = { name: string; re: RegExp };

const LEVEL = String.raw`(?:0\.25|0\.5|0\.75|0|1)(?!\d|\.\d)`;

export const INJECTION_RULES: InjectionRule[] = [
  {
    name: "tells the grader to ignore its instructions",
    re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|these|those|previous|prior|above|earlier|grading|scoring)\s+)*(?:rubric|instructions?|prompt|system prompt|guidelines|grading rules|scoring rules)\b/i,
  },
  {
    name: "asks for a score",
    re: new RegExp(
      String.raw`\b(?:score|grade|rate|mark)\s+(?:this|it|me|each|every|all|the (?:answers?|following))\b[^.\n]{0,40}?\b(?:${LEVEL}|full marks|perfect|correct|maximum|highest)` +
        String.raw`|\b(?:give|assign|award)\b[^.\n]{0,30}?\b(?:score|grade|marks?)\s+(?:of\s+)?(?:${LEVEL}|full|perfect|maximum|highest)` +
        String.raw`|\bscore\s*(?:of\s*|=\s*|:\s*)?${LEVEL}(?!\s*(?:-|to\b|goals?|points?|runs?|%))`,
      "i",
    ),
  },
  { name: "imitates the prompt's fields", re: /\b(?:question[ _]id|ground[ _]truth|assistant answer)\s*:|"(?:question_id|score|reasoning)"\s*:/i },
  {
    name: "carries role or system tags",
    re: /<\|?\/?\s*(?:system|assistant|user|im_start|im_end|endoftext)\s*\|?>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|^\s*(?:#+\s*)?(?:system|assistant|developer)\s*(?:prompt|message)?\s*:/im,
  },
  {
    name: "addresses the grader",
    re: /\b(?:dear|attention|note to(?: the)?|hey|hello)\s+(?:the\s+)?(?:grader|judge|evaluator|grading model)\b|\b(?:you are|as) (?:an? |the )?(?:ai )?(?:grader|judge|evaluator)\b/i,
  },
];

/** Words one of the rules needs: a cheap superset filter (e.g. in SQL) before the rules run. */
export const INJECTION_KEYWORDS = ["ignore", "disregard", "forget", "override", "bypass", "score", "grade", "rate", "mark", "give", "assign", "award", "question", "ground", "assistant", "reasoning", "system", "user", "im_", "endoftext", "inst", "sys", "developer", "grader", "judge", "evaluator"];

/** The names of the rules an answer trips; empty for an ordinary answer. */
export function detectJudgeInjection(answer: string): string[] {
  return INJECTION_RULES.filter((r) => r.re.test(answer)).map((r) => r.name);
}

// Answers that address the grader, behind the prompt's defences (docs/JUDGE.md "Threat model").

export type InjectionRule = { name: string; re: RegExp };

const LEVEL = String.raw`(?:0\.25|0\.5|0\.75|0|1)(?!\d|\.\d)`;

export const INJECTION_RULES: InjectionRule[] = [
  {
    name: "tells the grader to ignore its instructions",
    re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|these|those|previous|prior|above|earlier|grading|scoring)\s+)*(?:rubric|instructions?|prompt|system prompt|guidelines|grading rules|scoring rules)\b|(?:忽略|无视|忽视|不要理会)掉?(?:你的|所有的?|全部的?)?(?:之前|以上|上面|上述|先前|前面|此前)的?(?:所有|全部)?的?(?:指令|指示|提示词?|规则|评分标准|评分规则|说明)/i,
  },
  {
    name: "asks for a score",
    re: new RegExp(
      String.raw`\b(?:score|grade|rate|mark)\s+(?:this|it|me|each|every|all|the (?:answers?|following))\b[^.\n]{0,40}?\b(?:${LEVEL}|full marks|perfect|correct|maximum|highest)` +
        String.raw`|\b(?:give|assign|award)\b[^.\n]{0,30}?\b(?:score|grade|marks?)\s+(?:of\s+)?(?:${LEVEL}|full|perfect|maximum|highest)` +
        String.raw`|\bscore\s*(?:of\s*|=\s*|:\s*)?${LEVEL}(?!\s*(?:-|to\b|goals?|points?|runs?|%))` +
        // Chinese: a request aimed at this answer ("给我打满分", "请给出满分", "评分为1"), not a report
        // of someone's marks ("老师给他打了满分", "他考了满分").
        String.raw`|给(?:我|这个(?:回答|答案)?|本(?:回答|答案)|此(?:回答|答案))打满分|(?:请|务必|必须|应该?|应当)给出满分|评分(?:应该?|应当)?为\s*(?:满分|${LEVEL})`,
      "i",
    ),
  },
  {
    name: "imitates the prompt's fields",
    re: /\b(?:question[ _]id|ground[ _]truth|assistant answer)\s*:|"(?:question_id|score|reasoning)"\s*:/i,
  },
  {
    name: "carries role or system tags",
    // Leading blanks stay on the tag's line (a blank line before it is a line start of its own):
    // "^\s*" spanning lines made newlines + "system" + spaces cubic.
    re: /<\|?\/?\s*(?:system|assistant|user|im_start|im_end|endoftext)\s*\|?>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|^[^\S\n\r\u2028\u2029]*(?:#+[^\S\n\r\u2028\u2029]*)?(?:system|assistant|developer|系统提示词?|系统消息|系统指令)\s*(?:(?:prompt|message)\s*)?:/im,
  },
  {
    name: "addresses the grader",
    re: /\b(?:dear|attention|note to(?: the)?|hey|hello)\s+(?:the\s+)?(?:grader|judge|evaluator|grading model)\b|\b(?:you are|as) (?:an? |the )?(?:ai )?(?:grader|judge|evaluator)\b|你是(?:一[个名位])?(?:ai|人工智能)?(?:评分员|评分者|评分模型|评委|评审员)/i,
  },
];

/**
 * A cheap superset filter (e.g. in SQL) before the rules run. The last entry keeps it a superset
 * of the folded text: characters NFKC rewrites or the fold removes may hide a keyword.
 */
export const INJECTION_KEYWORDS = [
  "ignore",
  "disregard",
  "forget",
  "override",
  "bypass",
  "score",
  "grade",
  "rate",
  "mark",
  "give",
  "assign",
  "award",
  "question",
  "ground",
  "assistant",
  "reasoning",
  "system",
  "user",
  "im_",
  "endoftext",
  "inst",
  "sys",
  "developer",
  "grader",
  "judge",
  "evaluator",
  "忽略",
  "无视",
  "忽视",
  "不要理会",
  "满分",
  "评分",
  "你是",
  "系统",
  "[\u00ad\u200b-\u200d\u2060\ufeff\uff01-\uff5e\u{1d400}-\u{1d7ff}]",
];

// Zero-width characters and the soft hyphen split a keyword without showing ("ig\u200Bnore").
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/** Invisible characters removed, then NFKC (fullwidth "ｓｙｓｔｅｍ：" -> "system:"). */
export function foldForInjection(answer: string): string {
  return answer.replace(INVISIBLE, "").normalize("NFKC");
}

export function detectJudgeInjection(answer: string): string[] {
  const folded = foldForInjection(answer);
  return INJECTION_RULES.filter((r) => r.re.test(folded)).map((r) => r.name);
}

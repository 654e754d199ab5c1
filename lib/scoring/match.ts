// The format has no question id, so an item is matched by normalised question text + image; original_answer, then order, break ties.
import { CATEGORIES, type PredictionItem, type Split } from "./types";
import type { ReferenceQuestion } from "./answer-key";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { imageBaseName, normalizeText } from "./text-normalize";
import { normalizeCategory } from "./categories";
import { PREDICTION_FILE_NAMES } from "./submission-schema";
import { groupBy } from "./group-by";

export type Match = { index: number; qid: string | null; answerDiffers: boolean };
type MatchResult = {
  matches: Match[];
  missing: string[];
  issues: ValidationIssue[];
};

const matchKey = (text: string, image: string) => `${normalizeText(text)}\u0000${imageBaseName(image)}`;

const indexKey = (questions: ReferenceQuestion[]) =>
  groupBy(questions, (q) => matchKey(q.questionText, q.questionImage));

/** Each decision depends only on earlier ones. */
export class PredictionMatcher {
  private readonly issues: IssueList;
  private readonly own: ReferenceQuestion[];
  private readonly byKey: Map<string, ReferenceQuestion[]>;
  private readonly textOnly = new Map<string, ReferenceQuestion>();
  /** The other split's questions, to detect swapped files; null when the key has none. */
  private readonly otherKeys: Map<string, ReferenceQuestion[]> | null;
  private readonly used = new Set<string>();
  private count = 0;
  private unmatched = 0;
  private otherHits = 0;

  constructor(
    private readonly split: Split,
    key: ReferenceQuestion[],
    file: string,
  ) {
    this.issues = new IssueList(file, 20);
    this.own = key.filter((q) => q.split === split);
    this.byKey = indexKey(this.own);
    for (const q of this.own) this.textOnly.set(normalizeText(q.questionText), q);
    const otherKey = key.filter((q) => q.split !== split);
    this.otherKeys = otherKey.length > 0 ? indexKey(otherKey) : null;
  }

  add(item: PredictionItem, index: number): Match {
    this.count++;
    const { split, issues, used } = this;
    const at = jsonPointer(["predictions", index]);
    const itemKey = matchKey(item.question_text, item.question_image);
    if (this.otherKeys?.has(itemKey)) this.otherHits++;
    const candidates = this.byKey.get(itemKey) ?? [];
    if (candidates.length === 0) {
      this.unmatched++;
      const sameText = this.textOnly.get(normalizeText(item.question_text));
      issues.warning(
        "UNMATCHED_PREDICTION",
        at,
        sameText
          ? `No ${split} question has this text with image "${item.question_image}"; the key has it with image "${sameText.questionImage}". Not scored.`
          : `No ${split} question in the answer key has this question_text and question_image. Not scored.`,
        "Copy question.text and question.image exactly from the dataset's questions.json.",
        sameText ? { split, image: item.question_image, keyImage: sameText.questionImage } : { split },
      );
      return { index, qid: null, answerDiffers: false };
    }
    const answer = normalizeText(item.original_answer);
    const free = candidates.filter((q) => !used.has(q.qid));
    const sameAnswer = free.filter((q) => normalizeText(q.answer) === answer);
    const pick = sameAnswer[0] ?? free[0];
    if (!pick) {
      issues.warning(
        "DUPLICATE_PREDICTION",
        at,
        `This question (${candidates[0].qid}) was already answered by an earlier prediction; this one is not scored.`,
        "Keep one prediction per question.",
        { qid: candidates[0].qid },
      );
      return { index, qid: null, answerDiffers: false };
    }
    if (free.length > 1 && sameAnswer.length !== 1) {
      issues.warning(
        "AMBIGUOUS_MATCH",
        at,
        `${free.length} key questions share this text and image (${free.map((q) => q.qid).join(", ")}); matched ${pick.qid} by order.`,
        "Make original_answer match the dataset so the right question is chosen.",
        { count: free.length, qids: free.map((q) => q.qid).join(", "), qid: pick.qid },
      );
    }
    used.add(pick.qid);
    const answerDiffers = normalizeText(pick.answer) !== answer;
    const submitted = normalizeCategory(item.category);
    if (submitted !== null && submitted !== pick.category) {
      issues.warning(
        "CATEGORY_DIFFERS",
        `${at}/category`,
        `Submitted category ${submitted} but the answer key says ${pick.category} (${CATEGORIES[pick.category].name}); the key's category is used.`,
        "Copy question_type.sub_type from the dataset.",
        { submitted, key: pick.category },
      );
    }
    if (answerDiffers) {
      issues.warning(
        "ANSWER_DIFFERS",
        `${at}/original_answer`,
        `The submitted original_answer differs from the answer key (${pick.qid}); the key's answer is used for scoring.`,
        "Copy original_answer unchanged from the dataset.",
        { qid: pick.qid },
      );
    }
    return { index, qid: pick.qid, answerDiffers };
  }

  finish(): Omit<MatchResult, "matches"> {
    const { split, own, issues } = this;
    const missing = own.filter((q) => !this.used.has(q.qid)).map((q) => q.qid);
    if (missing.length > 0) {
      const shown = missing.slice(0, 5).join(", ");
      issues.warning(
        "MISSING_QUESTIONS",
        "/predictions",
        `${missing.length} of ${own.length} ${split} questions have no prediction (e.g. ${shown}); they score 0.`,
        "Answer every question of the split.",
        { missing: missing.length, total: own.length, split, examples: shown },
      );
    }
    this.detectSwap();
    return { missing, issues: issues.finish() };
  }

  private detectSwap(): void {
    const { split, count, otherHits } = this;
    if (this.otherKeys === null || count === 0) return;
    const other: Split = split === "dyadic" ? "multi-party" : "dyadic";
    const ownHits = count - this.unmatched;
    if (otherHits >= Math.max(3, count / 2) && otherHits > 2 * ownHits) {
      this.issues.error(
        "SPLIT_SWAPPED",
        "/predictions",
        `This file was given as ${split} but ${otherHits} of its ${count} predictions match ${other} questions (only ${ownHits} match the ${this.own.length} ${split} questions): the dyadic and multi-party files look swapped.`,
        `Submit it as the ${other} file (${PREDICTION_FILE_NAMES[other]}).`,
        {
          basis: "content",
          split,
          other,
          otherHits,
          count,
          ownHits,
          ownTotal: this.own.length,
          otherFile: PREDICTION_FILE_NAMES[other],
        },
      );
    }
  }
}

export function matchPredictions(
  split: Split,
  items: readonly PredictionItem[],
  key: ReferenceQuestion[],
  file: string,
): MatchResult {
  const matcher = new PredictionMatcher(split, key, file);
  const matches: Match[] = [];
  items.forEach((item, index) => {
    matches.push(matcher.add(item, index));
  });
  return { matches, ...matcher.finish() };
}

// Matching predictions to answer-key questions. The format has no question id, so an item is
// identified by normalised question text + image file name; several key questions can share both
// (e.g. formulaic questions), in which case the submitted original_answer, then order, decide.
import type { PredictionItem, Split } from "./types";
import type { ReferenceQuestion } from "./answer-key";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { imageBaseName, normalizeText } from "./text-normalize";
import { CATEGORIES, normalizeCategory } from "./categories";

export type MatchResult = {
  matches: Array<{ index: number; qid: string | null; answerDiffers: boolean }>;
  missing: string[];
  issues: ValidationIssue[];
};

const matchKey = (text: string, image: string) => `${normalizeText(text)}\u0000${imageBaseName(image)}`;

function indexKey(questions: ReferenceQuestion[]): Map<string, ReferenceQuestion[]> {
  const map = new Map<string, ReferenceQuestion[]>();
  for (const q of questions) {
    const k = matchKey(q.questionText, q.questionImage);
    const list = map.get(k);
    if (list) list.push(q);
    else map.set(k, [q]);
  }
  return map;
}

function countHits(items: PredictionItem[], map: Map<string, ReferenceQuestion[]>): number {
  let hits = 0;
  for (const item of items) if (map.has(matchKey(item.question_text, item.question_image))) hits++;
  return hits;
}

export function matchPredictions(split: Split, items: PredictionItem[], key: ReferenceQuestion[], file: string): MatchResult {
  const issues = new IssueList(file, 20);
  const own = key.filter((q) => q.split === split);
  const byKey = indexKey(own);
  const textOnly = new Map<string, ReferenceQuestion>();
  for (const q of own) textOnly.set(normalizeText(q.questionText), q);
  const used = new Set<string>();
  const matches: MatchResult["matches"] = [];
  let unmatched = 0;

  items.forEach((item, index) => {
    const at = jsonPointer(["predictions", index]);
    const candidates = byKey.get(matchKey(item.question_text, item.question_image)) ?? [];
    if (candidates.length === 0) {
      unmatched++;
      const sameText = textOnly.get(normalizeText(item.question_text));
      issues.warning("UNMATCHED_PREDICTION", at,
        sameText
          ? `No ${split} question has this text with image "${item.question_image}"; the key has it with image "${sameText.questionImage}". Not scored.`
          : `No ${split} question in the answer key has this question_text and question_image. Not scored.`,
        "Copy question.text and question.image exactly from the dataset's questions.json.");
      matches.push({ index, qid: null, answerDiffers: false });
      return;
    }
    const answer = normalizeText(item.original_answer);
    const free = candidates.filter((q) => !used.has(q.qid));
    const sameAnswer = free.filter((q) => normalizeText(q.answer) === answer);
    const pick = sameAnswer[0] ?? free[0];
    if (!pick) {
      issues.warning("DUPLICATE_PREDICTION", at, `This question (${candidates[0].qid}) was already answered by an earlier prediction; this one is not scored.`, "Keep one prediction per question.");
      matches.push({ index, qid: null, answerDiffers: false });
      return;
    }
    if (free.length > 1 && sameAnswer.length !== 1) {
      issues.warning("AMBIGUOUS_MATCH", at, `${free.length} key questions share this text and image (${free.map((q) => q.qid).join(", ")}); matched ${pick.qid} by order.`, "Make original_answer match the dataset so the right question is chosen.");
    }
    used.add(pick.qid);
    const answerDiffers = normalizeText(pick.answer) !== answer;
    const submitted = normalizeCategory(item.category);
    if (submitted !== null && submitted !== pick.category) {
      issues.warning("CATEGORY_DIFFERS", `${at}/category`, `Submitted category ${submitted} but the answer key says ${pick.category} (${CATEGORIES[pick.category].name}); the key's category is used.`, "Copy question_type.sub_type from the dataset.");
    }
    if (answerDiffers) {
      issues.warning("ANSWER_DIFFERS", `${at}/original_answer`, `The submitted original_answer differs from the answer key (${pick.qid}); the key's answer is used for scoring.`, "Copy original_answer unchanged from the dataset.");
    }
    matches.push({ index, qid: pick.qid, answerDiffers });
  });

  const missing = own.filter((q) => !used.has(q.qid)).map((q) => q.qid);
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(", ");
    issues.warning("MISSING_QUESTIONS", "/predictions", `${missing.length} of ${own.length} ${split} questions have no prediction (e.g. ${shown}); they score 0.`, "Answer every question of the split.");
  }
  detectSwap(split, items, key, own.length, matches.length - unmatched, issues);
  return { matches, missing, issues: issues.finish() };
}

/** A dyadic file uploaded as multi-party (or the reverse) matches the other split far better. */
function detectSwap(split: Split, items: PredictionItem[], key: ReferenceQuestion[], ownSize: number, ownHits: number, issues: IssueList): void {
  const other: Split = split === "dyadic" ? "multi-party" : "dyadic";
  const otherKey = key.filter((q) => q.split === other);
  if (otherKey.length === 0 || items.length === 0) return;
  const otherHits = countHits(items, indexKey(otherKey));
  if (otherHits >= Math.max(3, items.length / 2) && otherHits > 2 * ownHits) {
    issues.error("SPLIT_SWAPPED", "/predictions",
      `This file was given as ${split} but ${otherHits} of its ${items.length} predictions match ${other} questions (only ${ownHits} match the ${ownSize} ${split} questions): the dyadic and multi-party files look swapped.`,
      `Submit it as the ${other} file (${other === "dyadic" ? "prediction_dyadic.json" : "prediction_multiparty.json"}).`);
  }
}

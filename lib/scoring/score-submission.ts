// With an answer key every key question is scored (unanswered = 0) so all entries share the same
// denominators; without one, the submitted original_answer is the reference (official scripts).
import {
  SPLITS,
  type CategoryCode,
  type LexicalOptions,
  type LexicalScores,
  type PredictionItem,
  type Split,
} from "./types";
import type { ReferenceQuestion } from "./answer-key";
import { lexicalScores } from "./lexical";
import { normalizeCategory, unknownCategoryFix } from "./categories";
import { PredictionMatcher } from "./match";
import { aggregateScores, type QuestionResult, type ScoreRow } from "./aggregate";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";
import { resolveLexicalOptions, scorerVersionFor } from "./scorer-version";
import { PREDICTION_FILE_NAMES } from "./submission-schema";

export type PerQuestion = {
  split: Split;
  /** Position in the prediction file; null = a key question nobody answered (scored 0). */
  index: number | null;
  qid: string | null;
  category: CategoryCode;
  questionText: string;
  referenceAnswer: string;
  systemAnswer: string;
  answerDiffers: boolean;
  /** false when left out of the aggregates (unmatched or duplicate). */
  counted: boolean;
  /** The item's retrieved_sessions ([] when absent or unanswered) and the key's gold session. */
  retrievedSessions: readonly string[];
  evidenceSession: number | null;
} & LexicalScores;

type ScoreInput = {
  files: Partial<Record<Split, readonly PredictionItem[]>>;
  answerKey?: ReferenceQuestion[];
  lexical?: Partial<LexicalOptions>;
  resamples?: number;
  seed?: number;
  fileNames?: Partial<Record<Split, string>>;
};
export type ScoreOutput = {
  perQuestion: PerQuestion[];
  rows: ScoreRow[];
  scorerVersion: string;
  issues: ValidationIssue[];
};

/** aggregateScores averages every metric a record has: a row must never carry a judge field. */
type NoJudge = "judge" extends keyof PerQuestion ? never : PerQuestion;

const ZERO: LexicalScores = { precision: 0, recall: 0, f1: 0, bleu1: 0 };

export function scoreSubmission(input: ScoreInput): ScoreOutput {
  const lexical = resolveLexicalOptions(input.lexical);
  const issues: ValidationIssue[] = [];
  const perQuestion: PerQuestion[] = [];
  const key = input.answerKey;
  const keyById = new Map((key ?? []).map((q) => [q.qid, q]));
  const keySplits = new Set((key ?? []).map((q) => q.split));

  for (const split of SPLITS) {
    const file = input.fileNames?.[split] ?? PREDICTION_FILE_NAMES[split];
    const items = input.files[split];
    const local = new IssueList(file, 20);
    if (!items) {
      if (keySplits.has(split)) {
        local.warning(
          "SPLIT_MISSING",
          "",
          `No ${split} file: all ${split} questions of the answer key score 0.`,
          `Provide ${PREDICTION_FILE_NAMES[split]} for a complete evaluation.`,
          { split, fileName: PREDICTION_FILE_NAMES[split] },
        );
        for (const q of key!) if (q.split === split) perQuestion.push(unanswered(q));
      }
      issues.push(...local.finish());
      continue;
    }
    const matcher = key ? new PredictionMatcher(split, key, file) : null;
    items.forEach((item, index) => {
      const match = matcher?.add(item, index) ?? null;
      const qid = match?.qid ?? null;
      const q = qid ? keyById.get(qid)! : null;
      // With a key, the key's category wins (match.ts flags a differing one as CATEGORY_DIFFERS).
      const submitted = normalizeCategory(item.category);
      const category = q?.category ?? submitted;
      if (category === null) {
        const { fix, params } = unknownCategoryFix(item.category);
        const at = jsonPointer(["predictions", index, "category"]);
        local.error(
          "UNKNOWN_CATEGORY",
          at,
          `Unknown category "${item.category}"; the item is not scored.`,
          fix,
          params,
        );
        return;
      }
      const reference = q ? q.answer : item.original_answer;
      perQuestion.push({
        split,
        index,
        qid,
        category,
        questionText: item.question_text,
        referenceAnswer: reference,
        systemAnswer: item.system_answer,
        answerDiffers: match?.answerDiffers ?? false,
        counted: key ? q !== null : true,
        retrievedSessions: item.retrieved_sessions ?? [],
        evidenceSession: q?.evidenceSession ?? null,
        ...lexicalScores(item.system_answer, reference, lexical),
      });
    });
    if (matcher) {
      const { missing, issues: matchIssues } = matcher.finish();
      issues.push(...matchIssues);
      for (const qidMissing of missing) perQuestion.push(unanswered(keyById.get(qidMissing)!));
    }
    issues.push(...local.finish());
  }

  // A row is its own metrics record (NoJudge): no copy per question.
  const results: QuestionResult[] = [];
  for (const p of perQuestion)
    if (p.counted) results.push({ split: p.split, category: p.category, qid: p.qid, metrics: p satisfies NoJudge });
  const rows = aggregateScores(results, { resamples: input.resamples, seed: input.seed });
  return { perQuestion, rows, scorerVersion: scorerVersionFor(lexical), issues };
}

function unanswered(q: ReferenceQuestion): PerQuestion {
  return {
    split: q.split,
    index: null,
    qid: q.qid,
    category: q.category,
    questionText: q.questionText,
    referenceAnswer: q.answer,
    systemAnswer: "",
    answerDiffers: false,
    counted: true,
    retrievedSessions: [],
    evidenceSession: q.evidenceSession ?? null,
    ...ZERO,
  };
}

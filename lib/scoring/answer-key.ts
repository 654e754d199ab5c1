// A question's place comes from its folder, never from the noisy answer_session fields (those give
// only the gold evidence session, by one documented rule).
import { z } from "zod";
import {
  CATEGORIES,
  CATEGORY_CODES,
  MAIN_TYPE_NAMES,
  SPLITS,
  type CategoryCode,
  type Difficulty,
  type MainType,
  type Split,
} from "./types";
import { normalizeCategory, normalizeMainType, unknownCategoryFix } from "./categories";
import { IssueList, jsonPointer, type ValidationIssue } from "./issues";

export type ReferenceQuestion = {
  qid: string;
  split: Split;
  dialogue: number;
  session: number;
  index: number;
  questionText: string;
  questionImage: string;
  category: CategoryCode;
  mainType: MainType;
  difficulty: Difficulty;
  answer: string;
  /** The gold evidence session K (sessionK), derived once at import by evidenceSessionOf; null: none usable. */
  evidenceSession?: number | null;
};
type QuestionsFileLocation = { split: Split; dialogue: number; session: number; file: string };

const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

const questionSchema = z.looseObject({
  // null/missing image and difficulty are tolerated: they mean "no image" and "medium".
  question: z.looseObject({
    text: z.string(),
    image: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
  }),
  original_answer: z.string(),
  question_type: z.looseObject({ main_type: optionalString, sub_type: z.string() }),
  difficulty: optionalString,
  answer_session: z.unknown(),
  answer_dialogue: z.unknown(),
});
const questionsFileSchema = z.looseObject({ questions: z.array(z.unknown()) });

/**
 * The one rule for gold evidence (docs/SCORING.md): a single "sessionK" (K >= 1) as is, "SK-N" read as
 * sessionK; another dialogue (answer_dialogue), an empty, several or unreadable value: no evidence.
 */
export function evidenceSessionOf(answerSession: unknown, answerDialogue: unknown, dialogue: number): number | null {
  const list = Array.isArray(answerSession) ? answerSession : [answerSession];
  const named = typeof answerDialogue === "string" ? answerDialogue.trim() : "";
  if (list.length !== 1 || typeof list[0] !== "string") return null;
  if (named !== "" && named !== `dialogue${dialogue}`) return null;
  const value = list[0].trim();
  const m = /^session([1-9][0-9]*)$/.exec(value) ?? /^S([1-9][0-9]*)-[0-9]+$/.exec(value);
  return m ? Number(m[1]) : null;
}

export function makeQid(split: Split, dialogue: number, session: number, index: number): string {
  return `${split}/dialogue${dialogue}/session${session}/${index}`;
}

function difficultyOf(raw: string | undefined): Difficulty | null {
  if (raw === undefined || raw.trim() === "") return "medium";
  const folded = raw.trim().toLowerCase();
  return folded === "easy" || folded === "medium" || folded === "hard" ? folded : null;
}

export function parseQuestionsFile(
  json: unknown,
  loc: QuestionsFileLocation,
): { questions: ReferenceQuestion[]; issues: ValidationIssue[] } {
  const issues = new IssueList(loc.file);
  const root = questionsFileSchema.safeParse(json);
  if (!root.success) {
    issues.error(
      "BAD_QUESTIONS_FILE",
      "/questions",
      'A questions.json needs a "questions" array.',
      "Point --answer-key at the official dataset folder.",
    );
    return { questions: [], issues: issues.finish() };
  }
  const questions: ReferenceQuestion[] = [];
  root.data.questions.forEach((raw, index) => {
    const path = jsonPointer(["questions", index]);
    const parsed = questionSchema.safeParse(raw);
    if (!parsed.success) {
      const where = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
      issues.error(
        "BAD_QUESTION",
        path,
        `Question ${index} lacks required fields or has wrong types (${where}).`,
        "Each question needs question.text, original_answer and question_type.sub_type as strings.",
        { index, fields: where },
      );
      return;
    }
    const q = parsed.data;
    const category = normalizeCategory(q.question_type.sub_type);
    if (!category) {
      const { fix, params } = unknownCategoryFix(q.question_type.sub_type);
      issues.error(
        "UNKNOWN_CATEGORY",
        `${path}/question_type/sub_type`,
        `Unknown sub_type "${q.question_type.sub_type}".`,
        fix,
        params,
      );
      return;
    }
    const mainType = CATEGORIES[category].mainType;
    if (q.question_type.main_type !== undefined && normalizeMainType(q.question_type.main_type) !== mainType) {
      issues.warning(
        "MAIN_TYPE_MISMATCH",
        `${path}/question_type/main_type`,
        `main_type "${q.question_type.main_type}" does not match ${category}; using "${MAIN_TYPE_NAMES[mainType]}".`,
        undefined,
        { value: q.question_type.main_type, category, mainType: MAIN_TYPE_NAMES[mainType] },
      );
    }
    let difficulty = difficultyOf(q.difficulty);
    if (!difficulty) {
      issues.warning(
        "UNKNOWN_DIFFICULTY",
        `${path}/difficulty`,
        `Unknown difficulty "${q.difficulty}"; counted as medium.`,
        undefined,
        { value: String(q.difficulty) },
      );
      difficulty = "medium";
    }
    questions.push({
      qid: makeQid(loc.split, loc.dialogue, loc.session, index),
      split: loc.split,
      dialogue: loc.dialogue,
      session: loc.session,
      index,
      questionText: q.question.text,
      questionImage: q.question.image,
      category,
      mainType,
      difficulty,
      answer: q.original_answer,
      evidenceSession: evidenceSessionOf(q.answer_session, q.answer_dialogue, loc.dialogue),
    });
  });
  return { questions, issues: issues.finish() };
}

export type EvidenceCount = { split: Split; category: CategoryCode; questions: number; withEvidence: number };

/** The import's report: how many key questions have usable gold evidence, per split and category. */
export function evidenceCounts(
  key: ReadonlyArray<{ split: Split; category: CategoryCode; evidenceSession?: number | null }>,
): EvidenceCount[] {
  const out: EvidenceCount[] = [];
  for (const split of SPLITS)
    for (const category of CATEGORY_CODES) {
      const qs = key.filter((q) => q.split === split && q.category === category);
      const withEvidence = qs.filter((q) => q.evidenceSession != null).length;
      if (qs.length > 0) out.push({ split, category, questions: qs.length, withEvidence });
    }
  return out;
}

import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, DIFFICULTIES, SPLITS } from "@/lib/scoring/types";
import { db } from "../db";
import { AppError } from "../errors";
import { StampedMemo } from "../public-cache/generation";
import { MIN_ANSWERED, questionExplorer, type ExplorerQuestion } from "./question-stats";

// Filters, paging and one question's per-entry results over the explorer's cached numbers.

const flag = z
  .enum(["1", "0", "true", "false"])
  .transform((v) => v === "1" || v === "true")
  .optional();

/** The page's query string and the API's query parameters. */
export const questionQuerySchema = z.object({
  split: z.enum(SPLITS).optional().describe("dyadic or multi-party."),
  category: z.enum(CATEGORY_CODES).optional().describe("A category code."),
  difficulty: z.enum(DIFFICULTIES).optional(),
  unsolved: flag.describe("1: only questions no approved entry solves (with at least 3 answers)."),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});
export type QuestionQuery = z.infer<typeof questionQuerySchema>;

/** Pages fall back to the defaults on a bad value; the API answers 400 (strict). */
export function parseQuestionQuery(raw: Record<string, string | string[] | undefined>, strict = false): QuestionQuery {
  const first = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, (Array.isArray(v) ? v[0] : v) || undefined]),
  );
  if (strict) return questionQuerySchema.parse(first);
  const out: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(questionQuerySchema.shape)) {
    if ((field as z.ZodType).safeParse(first[k]).success) out[k] = first[k];
  }
  return questionQuerySchema.parse(out);
}

/** `dyadic/dialogue4/session3/2`: split, dialogue, session and position in its file. */
const QID = /^(dyadic|multi-party)\/dialogue(\d{1,6})\/session(\d{1,6})\/(\d{1,6})$/;
const decode = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
};
/** From URL segments (one encoded segment or four plain ones); NOT_FOUND unless it has the id's shape. */
export function questionIdOf(parts: string[]): string {
  const id = parts.map(decode).join("/");
  if (!QID.test(id))
    throw new AppError("NOT_FOUND", `No question "${id}" (ids look like dyadic/dialogue4/session3/2).`);
  return id;
}

export async function questionPage(query: QuestionQuery) {
  const ex = await questionExplorer();
  const matching = ex.questions.filter(
    (q) =>
      (!query.split || q.split === query.split) &&
      (!query.category || q.category === query.category) &&
      (!query.difficulty || q.difficulty === query.difficulty) &&
      (!query.unsolved || q.solved === false),
  );
  const start = (query.page - 1) * query.perPage;
  return {
    scorerVersion: ex.scorerVersion,
    answerKey: ex.answerKey,
    metric: ex.metric,
    entries: ex.entries.length,
    minAnswered: MIN_ANSWERED,
    total: matching.length,
    page: query.page,
    perPage: query.perPage,
    questions: matching.slice(start, start + query.perPage),
    ceilings: ex.ceilings,
  };
}

export type EntryResult = {
  entryId: string;
  methodName: string;
  judge: number | null;
  f1: number | null;
  /** Only for entries whose author made the predictions public. */
  answer: string | null;
};
export type QuestionDetail = Omit<
  Awaited<ReturnType<typeof questionPage>>,
  "questions" | "total" | "page" | "perPage"
> & {
  question: ExplorerQuestion;
  /** Empty while fewer than MIN_ANSWERED entries answered it. */
  results: EntryResult[];
};

const details = new StampedMemo<QuestionDetail>(500);

export function questionDetail(id: string): Promise<QuestionDetail> {
  return details.get(id, async () => {
    const { questions: _q, total: _t, page: _p, perPage: _n, ...rest } = await questionPage({ page: 1, perPage: 1 });
    const ex = await questionExplorer();
    const question = ex.questions.find((q) => q.id === id);
    if (!question) throw new AppError("NOT_FOUND", `No question "${id}" in the published answer key.`);
    const shown = new Map(ex.entries.map((e) => [e.id, e]));
    const rows = question.stats
      ? await db.$queryRaw<Array<{ entryId: string; judge: number | null; f1: number | null; answer: string }>>`
          SELECT p."submissionId" AS "entryId", q."judgeScore" AS judge, q.f1, p."systemAnswer" AS answer
          FROM "ReferenceQuestion" r JOIN "Prediction" p ON p."referenceQuestionId" = r.id
          JOIN "QuestionScore" q ON q."submissionId" = p."submissionId" AND q.split = p.split AND q.index = p.index
            AND q."scorerVersion" = ${ex.scorerVersion}
          WHERE r.qid = ${id} AND p."submissionId" = ANY(${[...shown.keys()]}::text[])`
      : [];
    const results = rows
      .map((r) => {
        const e = shown.get(r.entryId)!;
        return { ...r, methodName: e.methodName, answer: e.publicPredictions ? r.answer : null };
      })
      .sort((a, b) => (b.judge ?? b.f1 ?? -1) - (a.judge ?? a.f1 ?? -1) || a.methodName.localeCompare(b.methodName));
    return { ...rest, question, results };
  });
}

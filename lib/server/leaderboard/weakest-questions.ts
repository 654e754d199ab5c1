import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, DIFFICULTIES, SPLITS } from "@/lib/scoring/types";
import type { SessionUser } from "../auth/config";
import { db } from "../db";

// `mayViewPredictions` is the one access check.

/** Short keys: they share the entry page's query string. */
const weakestFilterSchema = z.object({
  category: z.enum(CATEGORY_CODES).optional().catch(undefined),
  difficulty: z.enum(DIFFICULTIES).optional().catch(undefined),
  split: z.enum(SPLITS).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(100).default(20).catch(20),
});
export type WeakestFilter = z.infer<typeof weakestFilterSchema>;

export type WeakQuestion = {
  split: string;
  index: number;
  category: string;
  difficulty: string | null;
  questionText: string;
  referenceAnswer: string;
  systemAnswer: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  bleu1: number | null;
  judgeScore: number | null;
  judgeReasoning: string | null;
};

export function mayViewPredictions(
  viewer: Pick<SessionUser, "id" | "role"> | null,
  entry: { userId: string; predictionsPublic?: boolean },
): boolean {
  if (entry.predictionsPublic) return true;
  if (!viewer) return false;
  return viewer.role === "ADMIN" || viewer.id === entry.userId;
}

export async function weakestQuestionsForViewer(
  entryId: string,
  viewer: Pick<SessionUser, "id" | "role"> | null,
  scorerVersion: string | null,
  filter: WeakestFilter,
) {
  const entry = await db.submission.findUnique({ where: { id: entryId }, select: { userId: true } });
  if (!entry || !mayViewPredictions(viewer, entry)) return null;
  return weakestQuestions(entryId, scorerVersion, filter);
}

export function parseWeakestFilter(sp: Record<string, string | string[] | undefined>): WeakestFilter {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  return weakestFilterSchema.parse({ category: first(sp.wcat), difficulty: first(sp.wdiff), split: first(sp.wsplit) });
}

/** By judge score when the version has one, else F1; unanswered key questions have no row to list. */
export async function weakestQuestions(
  submissionId: string,
  scorerVersion: string | null,
  filter: WeakestFilter,
): Promise<{ metric: "judge" | "f1"; rows: WeakQuestion[] }> {
  if (!scorerVersion) return { metric: "f1", rows: [] };
  const judged = await db.questionScore.findFirst({
    where: { submissionId, scorerVersion, judgeScore: { not: null } },
    select: { index: true },
  });
  const metric = judged ? "judge" : "f1";
  const rows = await db.questionScore.findMany({
    where: {
      submissionId,
      scorerVersion,
      ...(filter.split ? { split: filter.split } : {}),
      ...(metric === "judge" ? { judgeScore: { not: null } } : { f1: { not: null } }),
      prediction: {
        // The key's category wins (as in scoring).
        ...(filter.category
          ? {
              OR: [
                { referenceQuestion: { category: filter.category } },
                { referenceQuestionId: null, category: filter.category },
              ],
            }
          : {}),
        // Only key questions have a difficulty; the dataset's missing ones count as medium.
        ...(filter.difficulty ? { referenceQuestion: { difficulty: filter.difficulty } } : {}),
      },
    },
    orderBy: [
      metric === "judge" ? { judgeScore: "asc" } : { f1: "asc" },
      { f1: "asc" },
      { split: "asc" },
      { index: "asc" },
    ],
    take: filter.limit,
    include: {
      prediction: {
        select: {
          category: true,
          questionText: true,
          systemAnswer: true,
          originalAnswer: true,
          referenceQuestion: { select: { answer: true, difficulty: true, category: true } },
        },
      },
    },
  });
  return {
    metric,
    rows: rows.map((q) => ({
      split: q.split,
      index: q.index,
      category: q.prediction.referenceQuestion?.category ?? q.prediction.category,
      difficulty: q.prediction.referenceQuestion?.difficulty ?? null,
      questionText: q.prediction.questionText,
      referenceAnswer: q.prediction.referenceQuestion?.answer ?? q.prediction.originalAnswer,
      systemAnswer: q.prediction.systemAnswer,
      precision: q.precision,
      recall: q.recall,
      f1: q.f1,
      bleu1: q.bleu1,
      judgeScore: q.judgeScore,
      judgeReasoning: q.judgeReasoning,
    })),
  };
}

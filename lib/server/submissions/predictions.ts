import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, SPLITS } from "@/lib/scoring/types";
import { db } from "../db";

export const predictionFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  category: z.enum(CATEGORY_CODES).optional().catch(undefined),
  split: z.enum(SPLITS).optional().catch(undefined),
  /** file order, or the worst-scored questions first (judge, then F1). */
  sort: z.enum(["index", "worst"]).default("index").catch("index"),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type PredictionFilter = z.infer<typeof predictionFilterSchema>;

const PAGE_SIZE = 50;

export type PredictionRow = {
  id: string;
  split: string;
  index: number;
  category: string;
  questionText: string;
  systemAnswer: string;
  referenceAnswer: string;
  answerDiffers: boolean;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  bleu1: number | null;
  judgeScore: number | null;
};

/** The caller must already have checked that the viewer may see this submission. */
export async function listPredictions(
  submissionId: string,
  filter: PredictionFilter,
  scorerVersion: string | null,
): Promise<{ rows: PredictionRow[]; total: number; pages: number }> {
  const where = {
    submissionId,
    ...(filter.split ? { split: filter.split } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.q
      ? {
          OR: [
            { questionText: { contains: filter.q, mode: "insensitive" as const } },
            { systemAnswer: { contains: filter.q, mode: "insensitive" as const } },
          ],
        }
      : {}),
  };
  const page = { skip: (filter.page - 1) * PAGE_SIZE, take: PAGE_SIZE };
  // Worst first reads the scores' table (a to-many relation cannot order predictions); an unjudged
  // question (null judge score) comes after the judged ones, ordered by F1.
  const order =
    filter.sort === "worst"
      ? await db.questionScore.findMany({
          where: { submissionId, scorerVersion: scorerVersion ?? "", prediction: where },
          orderBy: [{ judgeScore: { sort: "asc", nulls: "last" } }, { f1: "asc" }, { split: "asc" }, { index: "asc" }],
          select: { split: true, index: true },
          ...page,
        })
      : null;
  const [total, found] = await Promise.all([
    db.prediction.count({ where }),
    db.prediction.findMany({
      where: order ? { submissionId, OR: order.map((o) => ({ split: o.split, index: o.index })) } : where,
      orderBy: [{ split: "asc" }, { index: "asc" }],
      ...(order ? {} : page),
      include: {
        referenceQuestion: { select: { answer: true } },
        // At most one row per prediction and version; "" matches none (no scores to show).
        scores: {
          where: { scorerVersion: scorerVersion ?? "" },
          select: { precision: true, recall: true, f1: true, bleu1: true, judgeScore: true },
        },
      },
    }),
  ]);
  const at = new Map(order?.map((o, i) => [`${o.split}/${o.index}`, i]));
  const rows = order
    ? found.sort((a, b) => at.get(`${a.split}/${a.index}`)! - at.get(`${b.split}/${b.index}`)!)
    : found;
  return {
    total,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    rows: rows.map(({ scores: [q], ...p }) => ({
      id: p.id,
      split: p.split,
      index: p.index,
      category: p.category,
      questionText: p.questionText,
      systemAnswer: p.systemAnswer,
      // With an answer key the server's reference is what was scored against.
      referenceAnswer: p.referenceQuestion?.answer ?? p.originalAnswer,
      answerDiffers: p.answerDiffers,
      precision: q?.precision ?? null,
      recall: q?.recall ?? null,
      f1: q?.f1 ?? null,
      bleu1: q?.bleu1 ?? null,
      judgeScore: q?.judgeScore ?? null,
    })),
  };
}

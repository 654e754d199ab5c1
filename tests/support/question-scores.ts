import type { PrismaClient } from "@/generated/prisma/client";

// A submission's predictions with their per-question scores (QuestionScore) flattened onto them,
// for tests that check what a stage stored. Without a version the submission must have rows under
// at most one version per prediction (a test that re-scores under two versions passes one).

export type ScoredPrediction = Awaited<ReturnType<typeof predictionsWithScores>>[number];

export async function predictionsWithScores(db: PrismaClient, submissionId: string, scorerVersion?: string) {
  const preds = await db.prediction.findMany({
    where: { submissionId },
    orderBy: [{ split: "asc" }, { index: "asc" }],
    include: { referenceQuestion: true, scores: { where: scorerVersion ? { scorerVersion } : {} } },
  });
  return preds.map(({ scores, ...p }) => {
    if (scores.length > 1) throw new Error(`${p.split}/${p.index} has rows under ${scores.length} versions: pass one`);
    const q = scores[0];
    return {
      ...p,
      scorerVersion: q?.scorerVersion ?? null,
      precision: q?.precision ?? null,
      recall: q?.recall ?? null,
      f1: q?.f1 ?? null,
      bleu1: q?.bleu1 ?? null,
      judgeScore: q?.judgeScore ?? null,
      judgeReasoning: q?.judgeReasoning ?? null,
    };
  });
}

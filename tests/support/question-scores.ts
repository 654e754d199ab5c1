import type { PrismaClient } from "@/generated/prisma/client";

// A submission's predictions with their per-question scores (QuestionScore) flattened onto them,
// for tests that check what a stage stored. Without a version the submission must have rows under
// at most one version per prediction (a test that re-scores under two versions passes one).

export type ScoredPrediction = Awaited<ReturnType<typeof predictionsWithScores>>[number];

export async function predictionsWithScores(db: PrismaClient, submissionId: string, scorerVersion?: string) {
  // Two queries joined here: Prisma 7's nested include over a composite relation key returns each
  // child twice once the parents exceed one statement's parameters (~10,900 predictions).
  const [preds, scores] = await Promise.all([
    db.prediction.findMany({
      where: { submissionId },
      orderBy: [{ split: "asc" }, { index: "asc" }],
      include: { referenceQuestion: true },
    }),
    db.questionScore.findMany({ where: { submissionId, ...(scorerVersion ? { scorerVersion } : {}) } }),
  ]);
  const bySlot = new Map<string, typeof scores>();
  for (const q of scores) bySlot.set(`${q.split}#${q.index}`, [...(bySlot.get(`${q.split}#${q.index}`) ?? []), q]);
  return preds.map((p) => {
    const rows = bySlot.get(`${p.split}#${p.index}`) ?? [];
    if (rows.length > 1) throw new Error(`${p.split}/${p.index} has rows under ${rows.length} versions: pass one`);
    const q = rows[0];
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

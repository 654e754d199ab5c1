import "server-only";
import { normalizeCategory, type CategoryCode, type JudgeItem, type QuestionResult, type Split } from "@/lib/scoring";
import type { PrismaClient } from "@/generated/prisma/client";
import { upsertJudgeQuestionScores, type JudgeQuestionScore } from "./question-scores";
import type { JudgeOutcome } from "../judge/run-judge";

// Only answers are read from the submission, so its metadata never reaches the judge.

export type Db = PrismaClient;

type JudgeWorkItem = {
  item: JudgeItem;
  predictionId: string | null;
  category: CategoryCode;
  qid: string | null;
};

export type JudgeWork = {
  items: JudgeWorkItem[];
  uncounted: number;
  answerKeyVersionId: string | null;
  answerKeySha256: string | null;
};

export async function loadJudgeWork(db: Db, submissionId: string): Promise<JudgeWork> {
  const sub = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { answerKeyVersionId: true, answerKeyVersion: { select: { contentSha256: true } } },
  });
  const predictions = await db.prediction.findMany({
    where: { submissionId },
    orderBy: [{ split: "asc" }, { index: "asc" }],
    select: {
      id: true,
      split: true,
      index: true,
      questionText: true,
      systemAnswer: true,
      originalAnswer: true,
      category: true,
      referenceQuestion: true,
    },
  });
  const items: JudgeWorkItem[] = [];
  let uncounted = 0;
  const answeredRefs = new Set<string>();
  for (const p of predictions) {
    const ref = p.referenceQuestion;
    if (sub.answerKeyVersionId && !ref) {
      uncounted++; // unmatched or duplicate: reported by the lexical stage, not scored
      continue;
    }
    const category = (ref?.category as CategoryCode | undefined) ?? normalizeCategory(p.category);
    if (!category) {
      uncounted++;
      continue;
    }
    if (ref) answeredRefs.add(ref.id);
    items.push({
      predictionId: p.id,
      category,
      qid: ref?.qid ?? null,
      item: {
        id: ref?.qid ?? `${p.split}/q${p.index}`,
        split: p.split as Split,
        where: ref ? { dialogue: ref.dialogue, session: ref.session } : null,
        question: ref?.questionText ?? p.questionText,
        reference: ref?.answer ?? p.originalAnswer,
        answer: p.systemAnswer,
      },
    });
  }
  if (sub.answerKeyVersionId) {
    // Same denominators as the lexical stage.
    const key = await db.referenceQuestion.findMany({ where: { versionId: sub.answerKeyVersionId } });
    for (const q of key) {
      if (answeredRefs.has(q.id)) continue;
      items.push({
        predictionId: null,
        category: q.category as CategoryCode,
        qid: q.qid,
        item: {
          id: q.qid,
          split: q.split as Split,
          where: { dialogue: q.dialogue, session: q.session },
          question: q.questionText,
          reference: q.answer,
          answer: "",
        },
      });
    }
  }
  return {
    items,
    uncounted,
    answerKeyVersionId: sub.answerKeyVersionId,
    answerKeySha256: sub.answerKeyVersion?.contentSha256 ?? null,
  };
}

type Progress = { submissionId: string; scorerVersion: string; done: number; total: number };

export function judgeQuestionScores(
  outcomes: Iterable<JudgeOutcome>,
  predictionIdOf: Map<string, string | null>,
): JudgeQuestionScore[] {
  const rows: JudgeQuestionScore[] = [];
  for (const o of outcomes) {
    const predictionId = predictionIdOf.get(o.id);
    if (!predictionId) continue;
    rows.push({
      predictionId,
      score: o.status === "judged" ? o.score : null,
      reasoning: o.status === "judged" ? o.reasoning : `Not judged: ${o.reason}`,
    });
  }
  return rows;
}

/** One transaction, so a failed run's judged questions stay visible. */
export async function persistOutcomes(
  db: Db,
  outcomes: JudgeOutcome[],
  predictionIdOf: Map<string, string | null>,
  cacheMeta: { model: string; promptVersion: string },
  progress: Progress,
): Promise<void> {
  const rows = judgeQuestionScores(outcomes, predictionIdOf);
  const fresh = outcomes.filter(
    (o): o is Extract<JudgeOutcome, { status: "judged" }> => o.status === "judged" && !o.cached && o.cacheKey !== "",
  );
  await db.$transaction(async (tx) => {
    if (fresh.length > 0) {
      await tx.judgeCache.createMany({
        data: fresh.map((o) => ({
          key: o.cacheKey,
          model: cacheMeta.model,
          promptVersion: cacheMeta.promptVersion,
          score: o.score,
          reasoning: o.reasoning,
        })),
        skipDuplicates: true,
      });
    }
    const { submissionId, scorerVersion, done, total } = progress;
    await upsertJudgeQuestionScores(tx, submissionId, scorerVersion, rows);
    await tx.stageRun.update({ where: { submissionId_stage: { submissionId, stage: "judge" } }, data: { done } });
    await tx.submission.update({ where: { id: submissionId }, data: { progressDone: done, progressTotal: total } });
  });
}

export function questionResults(work: JudgeWork, scoreOf: (id: string) => number | null): QuestionResult[] {
  return work.items.map((w) => ({
    split: w.item.split,
    category: w.category,
    qid: w.qid,
    metrics: { judge: scoreOf(w.item.id) },
  }));
}

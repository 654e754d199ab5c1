import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import {
  failureProfileFromRows,
  failureProfileRows,
  normalizeCategory,
  type CategoryCode,
  type FailureProfile,
  type FailureProfileRow,
  type LexicalOptions,
  type ProfileQuestion,
  type ProfileScope,
} from "@/lib/scoring";
import { db } from "../db";

type Tx = Pick<Prisma.TransactionClient, "failureProfile">;

/** Call inside the transaction that writes the Score rows. */
export async function replaceFailureProfile(
  tx: Tx,
  submissionId: string,
  scorerVersion: string,
  rows: FailureProfileRow[],
): Promise<void> {
  await tx.failureProfile.deleteMany({ where: { submissionId, scorerVersion } });
  if (rows.length)
    await tx.failureProfile.createMany({ data: rows.map((r) => ({ submissionId, scorerVersion, ...r })) });
}

const toRow = ({
  scope,
  n,
  refused,
  empty,
  tokensMedian,
  tokensP90,
  recallPrecisionGap,
}: Omit<FailureProfileRow, "scope"> & { scope: string }): FailureProfileRow => ({
  scope: scope as ProfileScope,
  n,
  refused,
  empty,
  tokensMedian,
  tokensP90,
  recallPrecisionGap,
});

export async function failureProfileFor(
  submissionId: string,
  scorerVersion: string | null,
): Promise<FailureProfile | null> {
  if (!scorerVersion) return null;
  const rows = await db.failureProfile.findMany({ where: { submissionId, scorerVersion } });
  return failureProfileFromRows(rows.map(toRow));
}

export async function failureProfilesFor(ids: string[], scorerVersion: string): Promise<Map<string, FailureProfile>> {
  const rows = ids.length
    ? await db.failureProfile.findMany({ where: { submissionId: { in: ids }, scorerVersion } })
    : [];
  const by = new Map<string, FailureProfileRow[]>();
  for (const r of rows) (by.get(r.submissionId) ?? by.set(r.submissionId, []).get(r.submissionId)!).push(toRow(r));
  const out = new Map<string, FailureProfile>();
  for (const [id, list] of by) {
    const p = failureProfileFromRows(list);
    if (p) out.set(id, p);
  }
  return out;
}

/** The lexical stage's per-question input rebuilt from stored rows, unanswered key questions scoring 0. */
async function storedProfileQuestions(submissionId: string, scorerVersion: string): Promise<ProfileQuestion[] | null> {
  const s = await db.submission.findUnique({ where: { id: submissionId }, select: { answerKeyVersionId: true } });
  if (!s) return null;
  // Prisma's nested include over the composite key duplicates children on large submissions.
  const [preds, scores] = await Promise.all([
    db.prediction.findMany({
      where: { submissionId },
      select: {
        split: true,
        index: true,
        systemAnswer: true,
        category: true,
        referenceQuestionId: true,
        referenceQuestion: { select: { category: true } },
      },
    }),
    db.questionScore.findMany({
      where: { submissionId, scorerVersion },
      select: { split: true, index: true, precision: true, recall: true },
    }),
  ]);
  const bySlot = new Map(scores.map((q) => [`${q.split}#${q.index}`, q]));
  const keyed = s.answerKeyVersionId !== null;
  const out: ProfileQuestion[] = [];
  for (const p of preds) {
    const score = bySlot.get(`${p.split}#${p.index}`);
    if (!score || score.precision === null || score.recall === null) continue;
    const category = (keyed ? p.referenceQuestion?.category : normalizeCategory(p.category)) as
      CategoryCode | null | undefined;
    if (!category) continue;
    out.push({
      category,
      systemAnswer: p.systemAnswer,
      precision: score.precision,
      recall: score.recall,
      counted: !keyed || p.referenceQuestionId !== null,
    });
  }
  if (s.answerKeyVersionId) {
    const unanswered = await db.referenceQuestion.findMany({
      where: { versionId: s.answerKeyVersionId, predictions: { none: { submissionId } } },
      select: { category: true },
    });
    for (const q of unanswered)
      out.push({ category: q.category as CategoryCode, systemAnswer: "", precision: 0, recall: 0, counted: true });
  }
  return out;
}

export async function backfillFailureProfile(
  submissionId: string,
  scorerVersion: string,
  lexical: Partial<LexicalOptions>,
): Promise<boolean> {
  const questions = await storedProfileQuestions(submissionId, scorerVersion);
  if (!questions || questions.length === 0) return false;
  await db.$transaction((tx) =>
    replaceFailureProfile(tx, submissionId, scorerVersion, failureProfileRows(questions, lexical)),
  );
  return true;
}

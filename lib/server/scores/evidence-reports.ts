import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { evidenceReport, type CategoryCode, type EvidenceQuestion, type EvidenceReport } from "@/lib/scoring";
import type { Split } from "@/lib/scoring/types";
import { db } from "../db";
import { scorerVersionForKey } from "../versions/current-version";

// The evidence metrics are computed once, after the judge stage, from the stored rows: the same
// per-question input `h2hmem score` builds from the files (lib/scoring/evidence.ts evidenceQuestions).

type Tx = Pick<Prisma.TransactionClient, "evidenceReport">;

/** No row: the entry sent no retrieved sessions ("not reported"). */
export async function replaceEvidenceReport(
  tx: Tx,
  submissionId: string,
  scorerVersion: string,
  report: EvidenceReport | null,
): Promise<void> {
  await tx.evidenceReport.deleteMany({ where: { submissionId, scorerVersion } });
  if (report) await tx.evidenceReport.create({ data: { submissionId, scorerVersion, report } });
}

/** The counted questions as scored under scorerVersion; unanswered key questions score 0. */
async function storedEvidenceQuestions(submissionId: string, scorerVersion: string): Promise<EvidenceQuestion[]> {
  const s = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { answerKeyVersionId: true },
  });
  const [preds, scores] = await Promise.all([
    db.prediction.findMany({
      where: { submissionId, ...(s.answerKeyVersionId ? { referenceQuestionId: { not: null } } : {}) },
      select: {
        split: true,
        index: true,
        category: true,
        retrievedSessions: true,
        referenceQuestion: { select: { qid: true, category: true, evidenceSession: true } },
      },
    }),
    db.questionScore.findMany({
      where: { submissionId, scorerVersion },
      select: { split: true, index: true, f1: true, judgeScore: true },
    }),
  ]);
  const bySlot = new Map(scores.map((q) => [`${q.split}#${q.index}`, q]));
  const judged = scores.some((q) => q.judgeScore !== null);
  const out: EvidenceQuestion[] = [];
  for (const p of preds) {
    const score = bySlot.get(`${p.split}#${p.index}`);
    const ref = p.referenceQuestion;
    out.push({
      split: p.split as Split,
      category: (ref?.category ?? p.category) as CategoryCode,
      qid: ref?.qid ?? `${p.split}/q${p.index}`,
      gold: ref?.evidenceSession ?? null,
      retrieved: p.retrievedSessions,
      f1: score?.f1 ?? 0,
      ...(judged ? { judge: score?.judgeScore ?? null } : {}),
    });
  }
  if (s.answerKeyVersionId) {
    const unanswered = await db.referenceQuestion.findMany({
      where: { versionId: s.answerKeyVersionId, predictions: { none: { submissionId } } },
      select: { qid: true, split: true, category: true, evidenceSession: true },
    });
    for (const q of unanswered)
      out.push({
        split: q.split as Split,
        category: q.category as CategoryCode,
        qid: q.qid,
        gold: q.evidenceSession,
        retrieved: [],
        f1: 0,
        ...(judged ? { judge: 0 } : {}),
      });
  }
  return out;
}

/** Called by the worker once the judge stage is done or skipped. */
export async function storeEvidenceReport(submissionId: string): Promise<EvidenceReport | null> {
  const s = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { answerKeyVersion: { select: { contentSha256: true } } },
  });
  const scorerVersion = scorerVersionForKey(s.answerKeyVersion?.contentSha256 ?? null);
  const report = evidenceReport(await storedEvidenceQuestions(submissionId, scorerVersion));
  await db.$transaction((tx) => replaceEvidenceReport(tx, submissionId, scorerVersion, report));
  return report;
}

export async function evidenceReportFor(
  submissionId: string,
  scorerVersion: string | null,
): Promise<EvidenceReport | null> {
  if (!scorerVersion) return null;
  const row = await db.evidenceReport.findUnique({
    where: { submissionId_scorerVersion: { submissionId, scorerVersion } },
  });
  return (row?.report as EvidenceReport | undefined) ?? null;
}

export async function evidenceReportsFor(ids: string[], scorerVersion: string): Promise<Map<string, EvidenceReport>> {
  const rows = ids.length
    ? await db.evidenceReport.findMany({ where: { submissionId: { in: ids }, scorerVersion } })
    : [];
  return new Map(rows.map((r) => [r.submissionId, r.report as EvidenceReport]));
}

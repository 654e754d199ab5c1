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
  // One query (a join, not Prisma's includes): the full-size report must stay cheap (docs/BENCHMARKS.md).
  const keyed = s.answerKeyVersionId !== null;
  const rows = await db.$queryRaw<
    Array<{
      split: string;
      index: number;
      category: string;
      retrieved: string[];
      qid: string | null;
      gold: number | null;
      f1: number | null;
      judge: number | null;
    }>
  >`
    SELECT p.split, p.index, COALESCE(r.category, p.category) AS category, p."retrievedSessions" AS retrieved,
           r.qid, r."evidenceSession" AS gold, s.f1, s."judgeScore" AS judge
    FROM "Prediction" p
    LEFT JOIN "ReferenceQuestion" r ON r.id = p."referenceQuestionId"
    LEFT JOIN "QuestionScore" s ON s."submissionId" = p."submissionId" AND s.split = p.split
      AND s.index = p.index AND s."scorerVersion" = ${scorerVersion}
    WHERE p."submissionId" = ${submissionId} AND (${!keyed} OR p."referenceQuestionId" IS NOT NULL)`;
  const judged = rows.some((q) => q.judge !== null);
  const out: EvidenceQuestion[] = rows.map((p) => ({
    split: p.split as Split,
    category: p.category as CategoryCode,
    qid: p.qid ?? `${p.split}/q${p.index}`,
    gold: p.gold,
    retrieved: p.retrieved,
    f1: p.f1 ?? 0,
    ...(judged ? { judge: p.judge } : {}),
  }));
  if (s.answerKeyVersionId) {
    // NOT IN a hashed list: Prisma's `none` is a scan of the predictions per key question.
    const unanswered = await db.$queryRaw<
      Array<{ qid: string; split: string; category: string; evidenceSession: number | null }>
    >`
      SELECT q.qid, q.split, q.category, q."evidenceSession" FROM "ReferenceQuestion" q
      WHERE q."versionId" = ${s.answerKeyVersionId} AND q.id NOT IN (
        SELECT "referenceQuestionId" FROM "Prediction"
        WHERE "submissionId" = ${submissionId} AND "referenceQuestionId" IS NOT NULL)`;
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
  // Most entries send no retrieved sessions: one cheap look, no rows loaded.
  const sent = await db.prediction.findFirst({
    where: { submissionId, NOT: { retrievedSessions: { isEmpty: true } } },
    select: { id: true },
  });
  const report = sent ? evidenceReport(await storedEvidenceQuestions(submissionId, scorerVersion)) : null;
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

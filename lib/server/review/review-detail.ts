import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { currentScorerVersion } from "../versions/current-version";
import { listAuditEvents, type AuditRow } from "../audit";
import { reviewFlags, type ReviewFlag } from "./review-flags";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
import { methodCard, type MethodCard } from "../submissions/method-card";

export type Comparator = { id: string; methodName: string; isBaseline: boolean; rows: ScoreRowView[] };
export type ReviewDetail = MethodCard & {
  id: string;
  status: string;
  reviewState: string;
  reviewReason: string | null;
  isBaseline: boolean;
  maintainerRerun: boolean;
  submitter: string;
  createdAt: string;
  failureReason: string | null;
  answerKey: { label: string; active: boolean } | null;
  warnings: unknown[];
  files: Array<{ split: string; fileName: string; sha256: string; size: number }>;
  scorerVersion: string | null;
  rows: ScoreRowView[];
  flags: ReviewFlag[];
  comparators: Comparator[];
  audit: AuditRow[];
};

const TOP = 3;

export async function getReviewDetail(id: string): Promise<ReviewDetail> {
  const s = await db.submission.findUnique({
    where: { id },
    include: {
      user: { select: { email: true } },
      answerKeyVersion: { select: { label: true, active: true } },
      files: { select: { split: true, fileName: true, sha256: true, size: true } },
    },
  });
  if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
  const version = await currentScorerVersion();
  const [{ scorerVersion, rows }, flags, audit, top, baselines] = await Promise.all([
    scoreRowsFor(id),
    reviewFlags([id]),
    listAuditEvents({ targetId: id, take: 200 }),
    db.score.findMany({
      where: {
        scorerVersion: version,
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        submission: { reviewState: "APPROVED", isBaseline: false },
        submissionId: { not: id },
      },
      orderBy: { value: "desc" },
      take: TOP,
      select: { submissionId: true },
    }),
    db.submission.findMany({
      where: { isBaseline: true, reviewState: "APPROVED", id: { not: id } },
      select: { id: true },
      take: 10,
    }),
  ]);
  const compIds = [...top.map((t) => t.submissionId), ...baselines.map((b) => b.id)];
  const comps = await db.submission.findMany({
    where: { id: { in: compIds } },
    select: { id: true, methodName: true, isBaseline: true },
  });
  const comparators = await Promise.all(
    compIds.map(async (cid) => {
      const c = comps.find((x) => x.id === cid)!;
      return { ...c, rows: (await scoreRowsFor(cid)).rows };
    }),
  );
  return {
    id: s.id,
    ...methodCard(s),
    status: s.status,
    reviewState: s.reviewState,
    reviewReason: s.reviewReason,
    isBaseline: s.isBaseline,
    maintainerRerun: s.maintainerRerunAt !== null,
    submitter: s.user.email,
    createdAt: s.createdAt.toISOString(),
    failureReason: s.failureReason,
    answerKey: s.answerKeyVersion,
    warnings: Array.isArray(s.warnings) ? (s.warnings as unknown[]) : [],
    files: s.files,
    scorerVersion,
    rows,
    flags: flags.get(id) ?? [],
    comparators,
    audit,
  };
}

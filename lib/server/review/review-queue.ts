import "server-only";
import { z } from "zod";
import { db } from "../db";
import { currentScorerVersion } from "../versions/current-version";
import { reviewFlags, type ReviewFlag } from "./review-flags";
import { methodCard, type MethodCard } from "../submissions/method-card";
import { judgeMetricLabel } from "../judge/demo-judge";

export const reviewFilterSchema = z.enum(["pending", "approved", "rejected", "withdrawn", "all"]).catch("pending");
type ReviewFilter = z.infer<typeof reviewFilterSchema>;

export type AdminSubmission = MethodCard & {
  id: string;
  status: string;
  reviewState: string;
  reviewReason: string | null;
  submitter: string;
  createdAt: string;
  /** judgeLabel: "judge", or "demo judge" for the quick start's fake judge (as on the board). */
  headline: { f1: number | null; judge: number | null; judgeLabel: string };
  flags: { answersDiffer: number; unmatched: number; missing: number | null; warnings: number };
  reviewFlags: ReviewFlag[];
  isBaseline: boolean;
  staleKey: boolean;
};

/** Scored pending submissions first (they are actionable), newest first within a group. */
export async function listForReview(filter: ReviewFilter, take = 100): Promise<AdminSubmission[]> {
  const where =
    filter === "all" ? {} : { reviewState: filter.toUpperCase() as "PENDING" | "APPROVED" | "REJECTED" | "WITHDRAWN" };
  const subs = await db.submission.findMany({
    where,
    orderBy: { createdAt: "desc" },
    take,
    include: { user: { select: { email: true } } },
  });
  const ids = subs.map((s) => s.id);
  const version = await currentScorerVersion();
  const [scores, differ, unmatched, matched, keyCounts, flagMap, activeKey] = await Promise.all([
    db.score.findMany({
      where: {
        submissionId: { in: ids },
        scorerVersion: version,
        split: "overall",
        scope: "ALL",
        aggregate: "micro",
        metric: { in: ["f1", "judge"] },
      },
    }),
    db.prediction.groupBy({
      by: ["submissionId"],
      where: { submissionId: { in: ids }, answerDiffers: true },
      _count: { _all: true },
    }),
    db.prediction.groupBy({
      by: ["submissionId"],
      where: { submissionId: { in: ids }, referenceQuestionId: null },
      _count: { _all: true },
    }),
    db.prediction.groupBy({
      by: ["submissionId", "split"],
      where: { submissionId: { in: ids }, referenceQuestionId: { not: null } },
      _count: { _all: true },
    }),
    db.referenceQuestion.groupBy({ by: ["versionId", "split"], _count: { _all: true } }),
    reviewFlags(ids),
    db.answerKeyVersion.findFirst({ where: { active: true }, select: { id: true } }),
  ]);
  const count = (rows: Array<{ submissionId: string; _count: { _all: number } }>, id: string) =>
    rows.filter((r) => r.submissionId === id).reduce((a, r) => a + r._count._all, 0);
  const files = await db.submissionFile.findMany({
    where: { submissionId: { in: ids } },
    select: { submissionId: true, split: true },
  });

  const out = subs.map((s) => {
    let missing: number | null = null;
    if (s.answerKeyVersionId && s.status === "SCORED") {
      const splits = files.filter((f) => f.submissionId === s.id).map((f) => f.split);
      const keyTotal = keyCounts
        .filter((k) => k.versionId === s.answerKeyVersionId && splits.includes(k.split))
        .reduce((a, k) => a + k._count._all, 0);
      missing = Math.max(0, keyTotal - count(matched, s.id));
    }
    const headline = (metric: string) =>
      scores.find((r) => r.submissionId === s.id && r.metric === metric)?.value ?? null;
    return {
      id: s.id,
      ...methodCard(s),
      status: s.status,
      reviewState: s.reviewState,
      reviewReason: s.reviewReason,
      submitter: s.user.email,
      createdAt: s.createdAt.toISOString(),
      headline: { f1: headline("f1"), judge: headline("judge"), judgeLabel: judgeMetricLabel(version) },
      flags: {
        answersDiffer: count(differ, s.id),
        // Without an answer key nothing is matched, so "unmatched" would be meaningless.
        unmatched: s.answerKeyVersionId ? count(unmatched, s.id) : 0,
        missing,
        warnings: Array.isArray(s.warnings) ? s.warnings.length : 0,
      },
      reviewFlags: (flagMap.get(s.id) ?? []).filter(
        (f) => f.kind !== "answers-differ" && f.kind !== "missing-questions",
      ),
      isBaseline: s.isBaseline,
      staleKey: Boolean(activeKey && s.answerKeyVersionId && s.answerKeyVersionId !== activeKey.id),
    };
  });
  const actionable = (a: AdminSubmission) => (a.reviewState === "PENDING" && a.status === "SCORED" ? 0 : 1);
  return out.sort((a, b) => actionable(a) - actionable(b) || b.createdAt.localeCompare(a.createdAt));
}

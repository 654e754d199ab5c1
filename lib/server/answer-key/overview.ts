import "server-only";
import { db } from "../db";
import { DEMO_ENTRY_ROWS } from "./demo";

export type AnswerKeyOverview = {
  versions: Array<{
    id: string;
    label: string;
    contentSha256: string;
    questionCount: number;
    active: boolean;
    importedAt: string;
    submissions: number;
  }>;
  active: {
    id: string;
    perSplit: Record<string, number>;
    perCategory: Array<{ split: string; category: string; n: number; withEvidence: number }>;
  } | null;
  staleEntries: Array<{ id: string; methodName: string; reviewState: string; keyLabel: string }>;
  /** Approved demo entries, off the board while a real key is active (not "stale": never re-scored). */
  demoOffBoard: number;
};

export async function getAnswerKeyOverview(): Promise<AnswerKeyOverview> {
  const versions = await db.answerKeyVersion.findMany({
    orderBy: { importedAt: "desc" },
    include: { _count: { select: { submissions: true } } },
  });
  const active = versions.find((v) => v.active) ?? null;
  const realKey = active !== null && !active.isDemo;
  const perCell = (withEvidence: boolean) =>
    active
      ? db.referenceQuestion.groupBy({
          by: ["split", "category"],
          where: { versionId: active.id, ...(withEvidence ? { evidenceSession: { not: null } } : {}) },
          _count: { _all: true },
          orderBy: [{ split: "asc" }, { category: "asc" }],
        })
      : Promise.resolve([]);
  const [counts, evidence, stale, demoOffBoard] = await Promise.all([
    perCell(false),
    perCell(true),
    active
      ? db.submission.findMany({
          where: {
            answerKeyVersionId: { not: null, notIn: [active.id] },
            status: "SCORED",
            reviewState: { in: ["PENDING", "APPROVED"] },
            ...(realKey ? { isDemo: false } : {}),
          },
          select: { id: true, methodName: true, reviewState: true, answerKeyVersion: { select: { label: true } } },
          orderBy: { createdAt: "desc" },
          take: 200,
        })
      : Promise.resolve([]),
    realKey ? db.submission.count({ where: DEMO_ENTRY_ROWS }) : 0,
  ]);
  const perSplit: Record<string, number> = {};
  for (const c of counts) perSplit[c.split] = (perSplit[c.split] ?? 0) + c._count._all;
  return {
    versions: versions.map((v) => ({
      id: v.id,
      label: v.label,
      contentSha256: v.contentSha256,
      questionCount: v.questionCount,
      active: v.active,
      importedAt: v.importedAt.toISOString(),
      submissions: v._count.submissions,
    })),
    active: active
      ? {
          id: active.id,
          perSplit,
          perCategory: counts.map((c) => ({
            split: c.split,
            category: c.category,
            n: c._count._all,
            withEvidence: evidence.find((e) => e.split === c.split && e.category === c.category)?._count._all ?? 0,
          })),
        }
      : null,
    staleEntries: stale.map((s) => ({
      id: s.id,
      methodName: s.methodName,
      reviewState: s.reviewState,
      keyLabel: s.answerKeyVersion?.label ?? "?",
    })),
    demoOffBoard,
  };
}

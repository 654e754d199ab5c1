import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import type { SessionUser } from "../auth/config";
import { scoreRowsFor, type ScoreRowView } from "../scores/score-rows";
import { methodCard, type MethodCard } from "./method-card";
import { STAGES, type Stage } from "./stages";
import { sourceOf, type EntrySource } from "./source";

const FINAL = new Set(["SCORED", "FAILED"]);

/** The stored reason may name the judge endpoint or a database detail: admins and logs only. */
export function submitterFailureReason(stage: string | null, submissionId: string): string {
  const what =
    stage === "judge"
      ? "The LLM judge stage failed on the server. Retry the judge stage (the lexical results are kept)"
      : "Scoring failed on the server. Retry the lexical stage";
  return `${what}; if it fails again, contact the organisers and quote submission ${submissionId}.`;
}

export type StageView = {
  stage: Stage;
  status: string;
  done: number;
  total: number;
  attempts: number;
  error: string | null;
};
export type SubmissionView = MethodCard & {
  id: string;
  status: string;
  final: boolean;
  stage: string | null;
  progress: { done: number; total: number };
  stages: StageView[];
  /** 1 = next to be scored; null once scoring started. */
  queuePosition: number | null;
  failure: { stage: Stage | null; reason: string } | null;
  review: { state: string; reason: string | null; reviewedAt: string | null };
  warnings: unknown[];
  files: Array<{ split: string; fileName: string; sha256: string; size: number }>;
  contentSha256: string;
  /** Served once approved. */
  publicPredictions: boolean;
  source: EntrySource | null;
  createdAt: string;
  scoredAt: string | null;
  scorerVersion: string | null;
  scores: ScoreRowView[] | null;
  owner: { id: string; email: string };
};

/** Owner or admin may read; anyone else gets 404 so ids cannot be probed. */
export async function getSubmissionForViewer(id: string, viewer: SessionUser): Promise<SubmissionView> {
  const s = await db.submission.findUnique({
    where: { id },
    include: {
      stages: true,
      files: { select: { split: true, fileName: true, sha256: true, size: true } },
      user: { select: { id: true, email: true } },
    },
  });
  if (!s || (s.userId !== viewer.id && viewer.role !== "ADMIN"))
    throw new AppError("NOT_FOUND", "Submission not found.");
  const { scorerVersion, rows } = s.status === "SCORED" ? await scoreRowsFor(s.id) : { scorerVersion: null, rows: [] };
  const queuePosition = WAITING.includes(s.status) ? await queuePositionOf(s.id, s.createdAt) : null;
  const detail = viewer.role === "ADMIN";
  const reason = (stage: string | null, stored: string | null) =>
    detail ? (stored ?? "Unknown failure.") : submitterFailureReason(stage, s.id);
  return {
    id: s.id,
    ...methodCard(s),
    status: s.status,
    final: FINAL.has(s.status),
    stage: s.stage,
    progress: { done: s.progressDone, total: s.progressTotal },
    stages: s.stages
      .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage))
      .map((r) => ({
        stage: r.stage,
        status: r.status,
        done: r.done,
        total: r.total,
        attempts: r.attempts,
        error: r.error === null ? null : reason(r.stage, r.error),
      })),
    queuePosition,
    failure: s.status === "FAILED" ? { stage: s.failureStage, reason: reason(s.failureStage, s.failureReason) } : null,
    review: { state: s.reviewState, reason: s.reviewReason, reviewedAt: s.reviewedAt?.toISOString() ?? null },
    warnings: Array.isArray(s.warnings) ? (s.warnings as unknown[]) : [],
    files: s.files.sort((a, b) => a.split.localeCompare(b.split)),
    contentSha256: s.contentSha256,
    publicPredictions: s.publicPredictions,
    source: sourceOf(s),
    createdAt: s.createdAt.toISOString(),
    scoredAt: s.scoredAt?.toISOString() ?? null,
    scorerVersion,
    scores: s.status === "SCORED" ? rows : null,
    owner: s.user,
  };
}

const WAITING: string[] = ["RECEIVED", "QUEUED"];

/** Queue position counted in Postgres, so it stays right while Redis is down. */
async function queuePositionOf(id: string, createdAt: Date): Promise<number> {
  const ahead = await db.submission.count({
    where: {
      status: { in: ["RECEIVED", "QUEUED"] },
      OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }],
    },
  });
  return ahead + 1;
}

type SubmissionListItem = {
  id: string;
  methodName: string;
  status: string;
  reviewState: string;
  createdAt: string;
  scoredAt: string | null;
  failureReason: string | null;
};

export async function listOwnSubmissions(userId: string, take = 100): Promise<SubmissionListItem[]> {
  const rows = await db.submission.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      methodName: true,
      status: true,
      reviewState: true,
      createdAt: true,
      scoredAt: true,
      failureStage: true,
    },
  });
  return rows.map(({ failureStage, ...r }) => ({
    ...r,
    failureReason: r.status === "FAILED" ? submitterFailureReason(failureStage, r.id) : null,
    createdAt: r.createdAt.toISOString(),
    scoredAt: r.scoredAt?.toISOString() ?? null,
  }));
}

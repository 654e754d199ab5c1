import "server-only";
import type { JudgeAgreementRun, PrismaClient } from "@/generated/prisma/client";
import { db as defaultDb } from "../db";
import { AppError } from "../errors";
import { onQueue } from "../queue";
import { isJudgeConfigured } from "../judge/config";
import type { AgreementReport } from "../judge/types";

// The agreement check as a job, since the web never calls the LLM; Redis unreachable fails the row at once.

export const agreementJobId = (runId: string) => `agreement-${runId}`;

export const DEFAULT_AGREEMENT_SAMPLE = 50;
// Far above the benchmark's 2,236 questions; keeps the stored sample size a 4-byte integer.
const MAX_AGREEMENT_SAMPLE = 100_000;

export function checkAgreementRequest(sample: number, configured = isJudgeConfigured()): number {
  if (!configured) throw new AppError("CONFLICT", "The judge is not configured (JUDGE_BASE_URL is unset).");
  if (!Number.isInteger(sample) || sample < 1 || sample > MAX_AGREEMENT_SAMPLE) {
    throw new AppError(
      "VALIDATION_FAILED",
      `The sample size must be an integer from 1 to ${MAX_AGREEMENT_SAMPLE.toLocaleString("en")}.`,
    );
  }
  return sample;
}

export type AgreementRunView = {
  id: string;
  status: JudgeAgreementRun["status"];
  sample: number;
  seed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  report: AgreementReport | null;
};

export function agreementRunView(r: JudgeAgreementRun): AgreementRunView {
  return {
    id: r.id,
    status: r.status,
    sample: r.sample,
    seed: r.seed,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    error: r.error,
    report: (r.report as AgreementReport | null) ?? null,
  };
}

export type AgreementRequest = {
  submissionId: string;
  sample?: number;
  seed?: number;
  actorId?: string | null;
  db?: PrismaClient;
};

export async function requestAgreementCheck(input: AgreementRequest): Promise<AgreementRunView> {
  const db = input.db ?? defaultDb;
  const sample = checkAgreementRequest(input.sample ?? DEFAULT_AGREEMENT_SAMPLE);
  const seed = input.seed ?? 1;
  if (!Number.isSafeInteger(seed) || Math.abs(seed) > 2 ** 31 - 1)
    throw new AppError("VALIDATION_FAILED", "The seed must be a 32-bit integer.");
  const exists = await db.submission.findUnique({ where: { id: input.submissionId }, select: { id: true } });
  if (!exists) throw new AppError("NOT_FOUND", `Submission ${input.submissionId} not found.`);
  const run = await db.judgeAgreementRun.create({
    data: { submissionId: input.submissionId, requestedById: input.actorId ?? null, sample, seed },
  });
  try {
    await onQueue("judge-agreement", "enqueue", (q) =>
      q.add("agreement", { runId: run.id }, { jobId: agreementJobId(run.id) }),
    );
  } catch (cause) {
    const error = `Not queued: ${(cause as Error).message}. Nothing was judged; try again.`;
    await db.judgeAgreementRun.update({
      where: { id: run.id },
      data: { status: "FAILED", error, finishedAt: new Date() },
    });
    throw new AppError("UNAVAILABLE", error, { cause });
  }
  return agreementRunView(run);
}

export async function listAgreementRuns(
  submissionId: string,
  opts: { db?: PrismaClient; limit?: number } = {},
): Promise<AgreementRunView[]> {
  const rows = await (opts.db ?? defaultDb).judgeAgreementRun.findMany({
    where: { submissionId },
    orderBy: { createdAt: "desc" },
    take: opts.limit ?? 5,
  });
  return rows.map(agreementRunView);
}

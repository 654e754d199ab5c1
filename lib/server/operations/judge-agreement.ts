import "server-only";
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import { recordAudit } from "@/lib/server/audit";
import { db as defaultDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { noJudgeCache } from "../judge/cache";
import { createJudgeTransport, type JudgeTransport } from "../judge/client";
import { isJudgeConfigured, judgeConfigFromEnv, type JudgeConfig } from "../judge/config";
import { judgeCallRecorder } from "../judge/judge-calls";
import type { RequestLimiter } from "../judge/limiter";
import type { RetryPolicy } from "../judge/retry";
import { judgeQuestions } from "../judge/run-judge";
import { checkAgreementRequest, DEFAULT_AGREEMENT_SAMPLE } from "./agreement-runs";
import type { AgreementReport } from "../judge/types";
import { loadJudgeWork } from "../scores/judge-stage-store";
import { mulberry32 } from "@/lib/scoring";
import { scorerVersionOf } from "../versions/current-version";

// Re-judges a seeded sample bypassing the cache and compares with stored scores; nothing stored changes.

type AgreementInput = {
  submissionId: string;
  runId?: string;
  sample?: number;
  seed?: number;
  actorId?: string | null;
  db?: PrismaClient;
  config?: JudgeConfig;
  transport?: JudgeTransport;
  retryPolicy?: Partial<RetryPolicy>;
  limiter?: RequestLimiter;
};

const EPS = 1e-9;

export function seededSample<T>(list: T[], n: number, seed: number): T[] {
  const a = [...list];
  const next = mulberry32(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor((next() / 4294967296) * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, Math.max(0, n));
}

export async function runAgreementCheck(input: AgreementInput): Promise<AgreementReport> {
  const db = input.db ?? defaultDb;
  const sampleSize = checkAgreementRequest(
    input.sample ?? DEFAULT_AGREEMENT_SAMPLE,
    Boolean(input.config) || isJudgeConfigured(),
  );
  const config = input.config ?? judgeConfigFromEnv();
  const seed = input.seed ?? 1;
  const exists = await db.submission.findUnique({ where: { id: input.submissionId }, select: { id: true } });
  if (!exists) throw new AppError("NOT_FOUND", `Submission ${input.submissionId} not found.`);
  const work = await loadJudgeWork(db, input.submissionId);
  const scorerVersion = scorerVersionOf({ keySha256: work.answerKeySha256, judge: config });
  const stored = await db.questionScore.findMany({
    where: { submissionId: input.submissionId, scorerVersion, judgeScore: { not: null } },
    select: { judgeScore: true, prediction: { select: { id: true } } },
  });
  const storedOf = new Map(stored.map((q) => [q.prediction.id, q.judgeScore!]));
  // Empty answers are 0 by rule, never asked.
  const eligible = work.items.filter(
    (w) => w.predictionId && storedOf.has(w.predictionId) && w.item.answer.trim() !== "",
  );
  if (eligible.length === 0) throw new AppError("CONFLICT", "No judged questions to check: run the judge stage first.");
  const picked = seededSample(eligible, sampleSize, seed);

  const runId = input.runId ?? randomUUID();
  const recorder = judgeCallRecorder(db, {
    submissionId: input.submissionId,
    purpose: "agreement",
    runId,
    model: config.model,
    promptVersion: config.prompt.version,
  });
  const run = await judgeQuestions({
    items: picked.map((w) => w.item),
    config,
    transport: input.transport ?? createJudgeTransport(config),
    cache: noJudgeCache,
    bypassCache: true,
    retryPolicy: input.retryPolicy,
    limiter: input.limiter,
    onCall: recorder.onCall,
  }).finally(() => recorder.flush());

  let exact = 0;
  let withinOne = 0;
  let absSum = 0;
  let sumSqDiff = 0;
  let compared = 0;
  const disagreements: AgreementReport["disagreements"] = [];
  for (const w of picked) {
    const o = run.outcomes.get(w.item.id);
    if (o?.status !== "judged") continue;
    const stored = storedOf.get(w.predictionId!)!;
    const diff = Math.abs(stored - o.score);
    compared++;
    absSum += diff;
    sumSqDiff += diff * diff;
    if (diff < EPS) exact++;
    else disagreements.push({ id: w.item.id, stored, again: o.score });
    if (diff <= 0.25 + EPS) withinOne++;
  }
  const report: AgreementReport = {
    runId,
    submissionId: input.submissionId,
    model: config.model,
    promptVersion: config.prompt.version,
    seed,
    eligible: eligible.length,
    sampled: picked.length,
    compared,
    failed: picked.length - compared,
    exact,
    withinOne,
    exactRate: compared ? exact / compared : null,
    withinOneRate: compared ? withinOne / compared : null,
    meanAbsDiff: compared ? absSum / compared : null,
    sumSqDiff,
    disagreements: disagreements.slice(0, 50),
    usage: run.usage,
  };
  await recordAudit(db, {
    actor: input.actorId ?? null,
    action: "judge.agreement",
    target: { type: "Submission", id: input.submissionId },
    details: report,
  });
  return report;
}

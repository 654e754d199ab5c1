import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { createJudgeTransport, type JudgeTransport } from "./client";
import { isJudgeConfigured, judgeConfigFromEnv, type JudgeConfig } from "./config";
import { judgeCallRecorder } from "./judge-calls";
import type { RetryPolicy } from "./retry";
import { judgeQuestions, type JudgeUsage } from "./run-judge";
import { loadJudgeWork } from "./stage-store";
import { mulberry32, scorerVersionFor } from "@/lib/scoring";
import { currentLexicalOptions } from "../versions/current-version";
import { judgeScorerVersion } from "../versions/judge-version";

// Agreement check (drift of a hosted judge): re-judge a seeded random sample of questions the
// stage already judged, bypassing the cache, and compare with the stored per-question judge
// scores of the same judge (model + prompt = its scorer version's QuestionScore rows).
// Nothing stored is changed; the report is an AuditEvent "judge.agreement" and the calls are
// JudgeCall rows with purpose "agreement".

export type AgreementInput = {
  submissionId: string;
  sample?: number;
  seed?: number;
  actorId?: string | null;
  db?: PrismaClient;
  config?: JudgeConfig;
  transport?: JudgeTransport;
  retryPolicy?: Partial<RetryPolicy>;
};

export type AgreementReport = {
  runId: string;
  submissionId: string;
  model: string;
  promptVersion: string;
  seed: number;
  eligible: number;
  sampled: number;
  compared: number;
  failed: number;
  exact: number;
  withinOne: number;
  exactRate: number | null;
  withinOneRate: number | null;
  meanAbsDiff: number | null;
  disagreements: Array<{ id: string; stored: number; again: number }>;
  usage: JudgeUsage;
};

const EPS = 1e-9;

export function seededSample<T>(list: T[], n: number, seed: number): T[] {
  const a = [...list];
  // The scoring library's seeded PRNG: the same seed picks the same sample everywhere.
  const next = mulberry32(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor((next() / 4294967296) * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, Math.max(0, n));
}

export async function runAgreementCheck(input: AgreementInput): Promise<AgreementReport> {
  const db = input.db ?? defaultDb;
  if (!input.config && !isJudgeConfigured()) throw new AppError("CONFLICT", "The judge is not configured (JUDGE_BASE_URL is unset).");
  const config = input.config ?? judgeConfigFromEnv();
  const seed = input.seed ?? 1;
  const sampleSize = input.sample ?? 50;
  if (!Number.isInteger(sampleSize) || sampleSize < 1) throw new AppError("VALIDATION_FAILED", "The sample size must be a positive integer.");
  const exists = await db.submission.findUnique({ where: { id: input.submissionId }, select: { id: true } });
  if (!exists) throw new AppError("NOT_FOUND", `Submission ${input.submissionId} not found.`);
  const work = await loadJudgeWork(db, input.submissionId);
  const scorerVersion = judgeScorerVersion(scorerVersionFor(currentLexicalOptions()), config);
  const stored = await db.questionScore.findMany({
    where: { submissionId: input.submissionId, scorerVersion, judgeScore: { not: null } },
    select: { judgeScore: true, prediction: { select: { id: true } } },
  });
  const storedOf = new Map(stored.map((q) => [q.prediction.id, q.judgeScore!]));
  // Only questions the judge actually answered: empty answers are 0 by rule, never asked.
  const eligible = work.items.filter((w) => w.predictionId && storedOf.has(w.predictionId) && w.item.answer.trim() !== "");
  if (eligible.length === 0) throw new AppError("CONFLICT", "No judged questions to check: run the judge stage first.");
  const picked = seededSample(eligible, sampleSize, seed);

  const runId = randomUUID();
  const recorder = judgeCallRecorder(db, { submissionId: input.submissionId, purpose: "agreement", runId, model: config.model, promptVersion: config.prompt.version });
  const run = await judgeQuestions({
    items: picked.map((w) => w.item),
    config,
    transport: input.transport ?? createJudgeTransport(config),
    cache: { getMany: async () => new Map() },
    bypassCache: true,
    method: work.method,
    retryPolicy: input.retryPolicy,
    onCall: recorder.onCall,
  }).finally(() => recorder.flush());

  let exact = 0;
  let withinOne = 0;
  let absSum = 0;
  let compared = 0;
  const disagreements: AgreementReport["disagreements"] = [];
  for (const w of picked) {
    const o = run.outcomes.get(w.item.id);
    if (o?.status !== "judged") continue;
    const stored = storedOf.get(w.predictionId!)!;
    const diff = Math.abs(stored - o.score);
    compared++;
    absSum += diff;
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
    disagreements: disagreements.slice(0, 50),
    usage: run.usage,
  };
  await db.auditEvent.create({
    data: { actorId: input.actorId ?? null, action: "judge.agreement", targetType: "submission", targetId: input.submissionId, details: JSON.parse(JSON.stringify(report)) },
  });
  return report;
}

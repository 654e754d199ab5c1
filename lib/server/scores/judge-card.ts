import "server-only";
import {
  answerKeyTag,
  answerKeyTagOf,
  calibrationStats,
  compareBoards,
  judgeNoiseFromSums,
  judgeLabel,
  judgePartOf,
  parseJudgeLabel,
  panelKappa,
  withinJudgeNoise,
  type CalibrationResult,
} from "@/lib/scoring";
import type { JudgeCalibrationRun, PrismaClient } from "@/generated/prisma/client";
import { publicEntryWhere } from "../answer-key/demo";
import { db as defaultDb } from "../db";
import { AppError } from "../errors";
import { DEMO_JUDGE_MODEL } from "../env";
import type { AgreementReport, JudgeUsage } from "../judge/types";
import { publishedScorerVersion } from "../versions/published-version";
import type { JudgeCard } from "./judge-card-schema";

// Reads the judge card of a judge version from the stored runs (docs/JUDGE.md, "The judge card"):
// its calibration, the noise its agreement checks measured and the latest second-judge panel.
// Web-safe: it reads rows, it never judges.

type Judge = { model: string; promptVersion: string };
type PrimaryResults = { items: CalibrationResult[]; keyQuestions: number };
type PanelResults = PrimaryResults & {
  against: string;
  entries: Array<{ submissionId: string; methodName: string; primary: number; panel: number; n: number }>;
};

/** "<model>@<prompt version>" or a whole scorer version naming a judge; the key tag when it names one. */
function parseVersion(version: string): { judge: Judge; keyTag: string | null } | null {
  const judge = parseJudgeLabel(version);
  return judge ? { judge, keyTag: judgePartOf(version) ? answerKeyTagOf(version) : null } : null;
}

const sameJudge = (a: Judge, b: Judge) => a.model === b.model && a.promptVersion === b.promptVersion;

async function noiseOf(db: PrismaClient, judge: Judge, questions: number): Promise<JudgeCard["noise"]> {
  const runs = await db.judgeAgreementRun.findMany({
    where: { status: "DONE" },
    orderBy: { finishedAt: "desc" },
    take: 500,
    select: { report: true },
  });
  let checks = 0;
  const sums = { compared: 0, differ: 0, sumSq: 0 };
  for (const { report } of runs) {
    const r = report as AgreementReport | null;
    if (!r || !sameJudge(r, judge) || r.compared === 0) continue;
    const differ = r.compared - r.exact;
    // Older reports lack the sum of squares: usable only when their disagreement list is complete.
    const sumSq =
      r.sumSqDiff ??
      (r.disagreements.length === differ ? r.disagreements.reduce((s, d) => s + (d.stored - d.again) ** 2, 0) : null);
    if (sumSq === null) continue;
    checks++;
    sums.compared += r.compared;
    sums.differ += differ;
    sums.sumSq += sumSq;
  }
  if (checks === 0) return null;
  return { checks, ...judgeNoiseFromSums(sums, questions) };
}

async function panelOf(
  db: PrismaClient,
  primary: PrimaryResults | null,
  run: JudgeCalibrationRun | undefined,
): Promise<JudgeCard["panel"]> {
  if (!run) return null;
  const results = run.results as PanelResults;
  const board = compareBoards(results.entries.map((e) => ({ id: e.submissionId, primary: e.primary, panel: e.panel })));
  const names = new Map(results.entries.map((e) => [e.submissionId, e.methodName]));
  // The run kept the names it compared; an entry unpublished, withdrawn or deleted since is not named.
  const shown = await db.submission.findMany({
    where: { id: { in: board.changes.map((c) => c.id) }, ...(await publicEntryWhere()) },
    select: { id: true },
  });
  const isPublic = new Set(shown.map((r) => r.id));
  return {
    model: run.model,
    promptVersion: run.promptVersion,
    computedAt: (run.finishedAt ?? run.createdAt).toISOString(),
    kappa: panelKappa(primary?.items ?? [], results.items),
    ranking: {
      against: results.against,
      n: board.n,
      tau: board.tau,
      changes: board.changes
        .filter((c) => isPublic.has(c.id))
        .map((c) => ({ ...c, methodName: names.get(c.id) ?? c.id })),
    },
    cost: run.usage as JudgeUsage,
  };
}

/** The card of the published judge, or of `version` ("<model>@<prompt>" or a scorer version). */
export async function judgeCardFor(version?: string | null, db: PrismaClient = defaultDb): Promise<JudgeCard> {
  const published = await publishedScorerVersion();
  const target = version ? parseVersion(version) : parseVersion(published);
  if (!target)
    throw version
      ? new AppError("VALIDATION_FAILED", `Not a judge version: "${version}" (expected "<model>@<prompt version>").`)
      : new AppError("NOT_FOUND", "The published board has no judge, so there is no judge card.");
  const { judge, keyTag } = target;
  const runs = await db.judgeCalibrationRun.findMany({
    where: { model: judge.model, promptVersion: judge.promptVersion },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  const ofKey = runs.filter((r) => r.role === "primary" && (!keyTag || answerKeyTag(r.keySha256) === keyTag));
  const done = ofKey.find((r) => r.status === "DONE");
  const latest = ofKey[0];
  const primary = done ? (done.results as PrimaryResults) : null;
  const publishedJudge = judgePartOf(published);
  const panels = await db.judgeCalibrationRun.findMany({
    where: { role: "panel", status: "DONE" },
    orderBy: { finishedAt: "desc" },
    take: 20,
  });
  const panel = panels.find((p) => {
    const against = judgePartOf((p.results as PanelResults | null)?.against);
    return against !== null && sameJudge(against, judge);
  });
  const stats = primary ? calibrationStats(primary.items) : null;
  return {
    version: judgeLabel(judge),
    judge: { ...judge, demo: judge.model === DEMO_JUDGE_MODEL },
    published: publishedJudge !== null && sameJudge(publishedJudge, judge),
    status: done ? "ready" : !latest ? "none" : latest.status === "FAILED" ? "failed" : "pending",
    calibration:
      done && stats
        ? {
            keyTag: answerKeyTag(done.keySha256),
            // The questions really judged: fewer than asked for when the key is smaller (196, not 300).
            sample: primary!.items.filter((i) => i.kind === "reference").length,
            seed: done.seed,
            computedAt: (done.finishedAt ?? done.createdAt).toISOString(),
            overall: stats.overall,
            categories: stats.categories,
            cost: done.usage as JudgeUsage,
          }
        : null,
    noise: await noiseOf(db, judge, primary?.keyQuestions ?? 0),
    panel: await panelOf(db, primary, panel),
  };
}

/** The card of a judge version if it has a finished calibration, else null (the rollout's gate). */
export async function calibratedCard(version: string, db: PrismaClient = defaultDb): Promise<JudgeCard | null> {
  const card = await judgeCardFor(version, db).catch(() => null);
  return card?.status === "ready" ? card : null;
}

/** Pairs of rank neighbours whose judge means differ by no more than the published judge's measured noise. */
export async function withinNoisePairs<E extends { rank: number; overall: { value: number; n: number } }>(
  shown: E[],
): Promise<{ measured: boolean; pairs: Array<{ a: E; b: E }> }> {
  const card = await judgeCardFor().catch(() => null);
  const sd = card?.noise?.perQuestionSd ?? null;
  // Neighbours on the board, whatever column the view is sorted by.
  const entries = [...shown].sort((x, y) => x.rank - y.rank);
  const pairs = entries.slice(1).flatMap((b, i) => {
    const a = entries[i];
    return withinJudgeNoise({ mean: a.overall.value, n: a.overall.n }, { mean: b.overall.value, n: b.overall.n }, sd)
      ? [{ a, b }]
      : [];
  });
  return { measured: sd !== null, pairs };
}

/** Entry id -> ranks of its neighbours within judge noise (the board's per-row mark); null while the noise is unmeasured. */
export type JudgeNoiseMarks = Record<string, number[]>;

export async function judgeNoiseMarks(
  shown: Array<{ id: string; rank: number; overall: { value: number; n: number } }>,
): Promise<JudgeNoiseMarks | null> {
  const { measured, pairs } = await withinNoisePairs(shown);
  if (!measured) return null;
  const marks: JudgeNoiseMarks = {};
  for (const { a, b } of pairs) {
    (marks[a.id] ??= []).push(b.rank);
    (marks[b.id] ??= []).push(a.rank);
  }
  return marks;
}

import {
  failureProfileRows,
  LEXICAL_METRICS,
  scoreSubmission,
  type PerQuestion,
  type PredictionItem,
  type Split,
} from "@/lib/scoring";
import { loadActiveAnswerKey } from "@/lib/server/answer-key/store";
import { db } from "@/lib/server/db";
import type { Logger } from "@/lib/server/logger";
import { currentLexicalOptions, scorerVersionForKey } from "@/lib/server/versions/current-version";
import { insertScoreRows } from "@/lib/server/scores/score-rows";
import { replaceLexicalQuestionScores } from "@/lib/server/scores/question-scores";
import { replaceFailureProfile } from "@/lib/server/scores/failure-profiles";
import { startStageRun } from "@/lib/server/submissions/stages";
import { PermanentError } from "../errors";

// Idempotent: the stage's rows for (submission, scorerVersion) are replaced in one transaction, so a
// retry or a second worker running the same job leaves exactly one set of identical rows.

const WRITE_CHUNK = 1000;

type LexicalStageResult = { scorerVersion: string; predictions: number; scored: number; rows: number };

async function setProgress(submissionId: string, done: number, total: number): Promise<void> {
  await db.$transaction([
    db.submission.update({ where: { id: submissionId }, data: { progressDone: done, progressTotal: total } }),
    db.stageRun.update({ where: { submissionId_stage: { submissionId, stage: "lexical" } }, data: { done, total } }),
  ]);
}

export async function runLexicalStage(submissionId: string, log: Logger): Promise<LexicalStageResult> {
  const started = Date.now();
  const predictions = await db.prediction.findMany({
    where: { submissionId },
    orderBy: [{ split: "asc" }, { index: "asc" }],
    select: {
      id: true,
      split: true,
      index: true,
      questionText: true,
      questionImage: true,
      systemAnswer: true,
      originalAnswer: true,
      category: true,
    },
  });
  const total = predictions.length;
  await db.$transaction([
    db.submission.update({
      where: { id: submissionId },
      data: {
        status: "SCORING_LEXICAL",
        stage: "lexical",
        progressDone: 0,
        progressTotal: total,
        failureStage: null,
        failureReason: null,
      },
    }),
    startStageRun(db, submissionId, "lexical", total),
  ]);
  if (total === 0) throw new PermanentError("The submission has no predictions to score.");

  const files: Partial<Record<Split, PredictionItem[]>> = {};
  const idBySlot = new Map<string, string>();
  for (const p of predictions) {
    const split = p.split as Split;
    const item = {
      question_text: p.questionText,
      question_image: p.questionImage,
      system_answer: p.systemAnswer,
      original_answer: p.originalAnswer,
      category: p.category,
    };
    (files[split] ??= [])[p.index] = item;
    idBySlot.set(`${split}#${p.index}`, p.id);
  }
  for (const [split, items] of Object.entries(files)) {
    // Array.prototype.some skips holes, so count instead.
    if (items.filter(Boolean).length !== items.length)
      throw new PermanentError(`Stored ${split} predictions have gaps in their index sequence.`);
  }

  const key = await loadActiveAnswerKey();
  const lexical = currentLexicalOptions();
  const result = scoreSubmission({ files, answerKey: key?.questions, lexical });
  const profile = failureProfileRows(result.perQuestion, lexical);
  // Against the key this run used, so every row of a run shares one version.
  const scorerVersion = scorerVersionForKey(key?.contentSha256 ?? null);
  log.info({ scorerVersion, predictions: total, ms: Date.now() - started }, "lexical scores computed");

  const answered = result.perQuestion.filter((q): q is PerQuestion & { index: number } => q.index !== null);
  for (let i = 0; i < answered.length; i += WRITE_CHUNK) {
    const chunk = answered.slice(i, i + WRITE_CHUNK);
    await writeChunk(chunk, idBySlot, key?.rowIdByQid ?? null);
    await setProgress(submissionId, Math.min(i + WRITE_CHUNK, answered.length), total);
  }

  const lexicalMetrics: string[] = [...LEXICAL_METRICS];
  await db.$transaction(
    async (tx) => {
      // A stalled job taken over while the first worker still writes would collide on the unique score key.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${submissionId}))`;
      await tx.score.deleteMany({ where: { submissionId, scorerVersion, metric: { in: lexicalMetrics } } });
      await insertScoreRows(tx, submissionId, scorerVersion, result.rows);
      await replaceLexicalQuestionScores(tx, submissionId, scorerVersion, answered);
      await replaceFailureProfile(tx, submissionId, scorerVersion, profile);
      await tx.submission.update({
        where: { id: submissionId },
        data: { answerKeyVersionId: key?.versionId ?? null, progressDone: total, progressTotal: total },
      });
      await tx.stageRun.update({
        where: { submissionId_stage: { submissionId, stage: "lexical" } },
        data: { status: "DONE", done: total, total, finishedAt: new Date() },
      });
    },
    { timeout: 60_000 },
  );
  log.info({ rows: result.rows.length, ms: Date.now() - started }, "lexical stage stored");
  return { scorerVersion, predictions: total, scored: answered.length, rows: result.rows.length };
}

/** The answer-key match in one UPDATE for many Prediction rows (one round trip). */
async function writeChunk(
  chunk: Array<PerQuestion & { index: number }>,
  idBySlot: Map<string, string>,
  rowIdByQid: Map<string, string> | null,
): Promise<void> {
  const ids: string[] = [];
  const cols = { ref: [] as Array<string | null>, diff: [] as boolean[] };
  for (const q of chunk) {
    const id = idBySlot.get(`${q.split}#${q.index}`);
    if (!id) throw new PermanentError(`Scored prediction ${q.split}/${q.index} has no stored row.`);
    ids.push(id);
    cols.ref.push(q.qid && rowIdByQid ? (rowIdByQid.get(q.qid) ?? null) : null);
    cols.diff.push(q.answerDiffers);
  }
  await db.$executeRaw`
    UPDATE "Prediction" AS p
    SET "referenceQuestionId" = u.ref, "answerDiffers" = u.diff
    FROM unnest(${ids}::text[], ${cols.ref}::text[], ${cols.diff}::boolean[]) AS u(id, ref, diff)
    WHERE p.id = u.id`;
}

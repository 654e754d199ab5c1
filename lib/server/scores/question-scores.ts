import "server-only";
import type { Prisma } from "@/generated/prisma/client";

// Each stage owns its columns and every write is an upsert, so a retried run leaves one row per question.

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

export type LexicalQuestionScore = {
  split: string;
  index: number;
  precision: number;
  recall: number;
  f1: number;
  bleu1: number;
};
/** A question's stored scores, in the order the bootstrap draws them (`QUESTION_ORDER`): compare and EEE read both. */
export const QUESTION_SCORE_SELECT = {
  split: true,
  index: true,
  f1: true,
  bleu1: true,
  precision: true,
  recall: true,
  judgeScore: true,
} as const;
export const QUESTION_ORDER = [{ split: "asc" as const }, { index: "asc" as const }];
export type JudgeQuestionScore = { predictionId: string; score: number | null; reasoning: string };

/** Clears the lexical columns of rows not in `rows` (e.g. under another answer key). Call inside the Score rows' transaction. */
export async function replaceLexicalQuestionScores(
  tx: Tx,
  submissionId: string,
  scorerVersion: string,
  rows: LexicalQuestionScore[],
): Promise<void> {
  const col = <K extends keyof LexicalQuestionScore>(k: K) => rows.map((r) => r[k]);
  await tx.$executeRaw`
    UPDATE "QuestionScore" q SET "precision" = NULL, "recall" = NULL, "f1" = NULL, "bleu1" = NULL
    WHERE q."submissionId" = ${submissionId} AND q."scorerVersion" = ${scorerVersion} AND q."f1" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM unnest(${col("split")}::text[], ${col("index")}::int[]) AS u(split, index) WHERE u.split = q."split" AND u.index = q."index")`;
  if (rows.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "QuestionScore" AS q ("submissionId", "scorerVersion", "split", "index", "precision", "recall", "f1", "bleu1")
      SELECT ${submissionId}, ${scorerVersion}, u.* FROM unnest(
        ${col("split")}::text[], ${col("index")}::int[], ${col("precision")}::float8[], ${col("recall")}::float8[], ${col("f1")}::float8[], ${col("bleu1")}::float8[]
      ) AS u(split, index, p, r, f, b)
      ON CONFLICT ("submissionId", "split", "index", "scorerVersion")
      DO UPDATE SET "precision" = EXCLUDED."precision", "recall" = EXCLUDED."recall", "f1" = EXCLUDED."f1", "bleu1" = EXCLUDED."bleu1"
      WHERE (q."precision", q."recall", q."f1", q."bleu1") IS DISTINCT FROM (EXCLUDED."precision", EXCLUDED."recall", EXCLUDED."f1", EXCLUDED."bleu1")`;
  }
  await deleteEmptyRows(tx, submissionId, scorerVersion);
}

export async function upsertJudgeQuestionScores(
  tx: Tx,
  submissionId: string,
  scorerVersion: string,
  rows: JudgeQuestionScore[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "QuestionScore" AS q ("submissionId", "scorerVersion", "split", "index", "judgeScore", "judgeReasoning")
    SELECT p."submissionId", ${scorerVersion}, p."split", p."index", u.s, u.r
    FROM unnest(${rows.map((r) => r.predictionId)}::text[], ${rows.map((r) => r.score)}::float8[], ${rows.map((r) => r.reasoning)}::text[]) AS u(id, s, r)
    JOIN "Prediction" p ON p."id" = u.id AND p."submissionId" = ${submissionId}
    ON CONFLICT ("submissionId", "split", "index", "scorerVersion")
    DO UPDATE SET "judgeScore" = EXCLUDED."judgeScore", "judgeReasoning" = EXCLUDED."judgeReasoning"
    WHERE (q."judgeScore", q."judgeReasoning") IS DISTINCT FROM (EXCLUDED."judgeScore", EXCLUDED."judgeReasoning")`;
}

/** Judge columns of questions not in this run are cleared as stale. */
export async function replaceJudgeQuestionScores(
  tx: Tx,
  submissionId: string,
  scorerVersion: string,
  rows: JudgeQuestionScore[],
): Promise<void> {
  const ids = rows.map((r) => r.predictionId);
  await tx.$executeRaw`
    UPDATE "QuestionScore" q SET "judgeScore" = NULL, "judgeReasoning" = NULL
    FROM "Prediction" p
    WHERE q."submissionId" = ${submissionId} AND q."scorerVersion" = ${scorerVersion} AND q."judgeReasoning" IS NOT NULL
      AND p."submissionId" = q."submissionId" AND p."split" = q."split" AND p."index" = q."index"
      AND NOT EXISTS (SELECT 1 FROM unnest(${ids}::text[]) AS u(id) WHERE u.id = p."id")`;
  await upsertJudgeQuestionScores(tx, submissionId, scorerVersion, rows);
  await deleteEmptyRows(tx, submissionId, scorerVersion);
}

async function deleteEmptyRows(tx: Tx, submissionId: string, scorerVersion: string): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM "QuestionScore"
    WHERE "submissionId" = ${submissionId} AND "scorerVersion" = ${scorerVersion}
      AND "precision" IS NULL AND "recall" IS NULL AND "f1" IS NULL AND "bleu1" IS NULL AND "judgeScore" IS NULL AND "judgeReasoning" IS NULL`;
}

import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { ScoreRow } from "@/lib/scoring";

// One INSERT ... SELECT FROM unnest(arrays) per call: Prisma's createMany builds a statement per row.
// Ids are generated here because the cuid default lives in the client.

type PredictionRow = {
  submissionId: string;
  split: string;
  index: number;
  questionText: string;
  questionImage: string;
  systemAnswer: string;
  originalAnswer: string;
  category: string;
  referenceQuestionId: string | null;
  answerDiffers: boolean;
};

const CHUNK = 5000; // bounds the size of one statement's parameters

export async function insertPredictions(tx: Prisma.TransactionClient, rows: PredictionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const col = <K extends keyof PredictionRow>(k: K) => chunk.map((r) => r[k]);
    await tx.$executeRaw`
      INSERT INTO "Prediction" ("id", "submissionId", "split", "index", "questionText", "questionImage", "systemAnswer", "originalAnswer", "category", "referenceQuestionId", "answerDiffers")
      SELECT * FROM unnest(
        ${chunk.map(() => randomUUID())}::text[], ${col("submissionId")}::text[], ${col("split")}::text[], ${col("index")}::int[],
        ${col("questionText")}::text[], ${col("questionImage")}::text[], ${col("systemAnswer")}::text[], ${col("originalAnswer")}::text[],
        ${col("category")}::text[], ${col("referenceQuestionId")}::text[], ${col("answerDiffers")}::boolean[])`;
  }
}

export async function insertScoreRows(
  tx: Prisma.TransactionClient,
  submissionId: string,
  scorerVersion: string,
  rows: ScoreRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof ScoreRow>(k: K) => rows.map((r) => r[k]);
  await tx.$executeRaw`
    INSERT INTO "Score" ("id", "submissionId", "scorerVersion", "split", "scope", "metric", "aggregate", "value", "ciLow", "ciHigh", "n")
    SELECT u.id, ${submissionId}, ${scorerVersion}, u.split, u.scope, u.metric, u.aggregate, u.value, u.lo, u.hi, u.n FROM unnest(
      ${rows.map(() => randomUUID())}::text[], ${col("split")}::text[], ${col("scope")}::text[], ${col("metric")}::text[], ${col("aggregate")}::text[],
      ${col("value")}::float8[], ${col("ciLow")}::float8[], ${col("ciHigh")}::float8[], ${col("n")}::int[]
    ) AS u(id, split, scope, metric, aggregate, value, lo, hi, n)`;
}

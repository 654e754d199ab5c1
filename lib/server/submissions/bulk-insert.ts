import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";

// One INSERT ... SELECT FROM unnest(arrays) per call: Prisma's createMany builds a statement per row.
// A row's retrievedSessions travel joined by commas (unnest flattens a 2-D array; a validated session
// name has none, and string_to_array('', ',') is the empty array).
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
  retrievedSessions?: readonly string[];
};

const CHUNK = 5000; // bounds the size of one statement's parameters

export async function insertPredictions(tx: Prisma.TransactionClient, rows: PredictionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const col = <K extends keyof PredictionRow>(k: K) => chunk.map((r) => r[k]);
    await tx.$executeRaw`
      INSERT INTO "Prediction" ("id", "submissionId", "split", "index", "questionText", "questionImage", "systemAnswer", "originalAnswer", "category", "referenceQuestionId", "answerDiffers", "retrievedSessions")
      SELECT u.a, u.b, u.c, u.d, u.e, u.f, u.g, u.h, u.i, u.j, u.k, string_to_array(u.l, ',') FROM unnest(
        ${chunk.map(() => randomUUID())}::text[], ${col("submissionId")}::text[], ${col("split")}::text[], ${col("index")}::int[],
        ${col("questionText")}::text[], ${col("questionImage")}::text[], ${col("systemAnswer")}::text[], ${col("originalAnswer")}::text[],
        ${col("category")}::text[], ${col("referenceQuestionId")}::text[], ${col("answerDiffers")}::boolean[],
        ${chunk.map((r) => r.retrievedSessions?.join(",") ?? "")}::text[]) AS u(a, b, c, d, e, f, g, h, i, j, k, l)`;
  }
}

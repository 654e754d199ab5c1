import "server-only";
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { publishedScorerVersion } from "../versions/published-version";
import { fileSplit, type StoredFile } from "../submissions/submission-files";

// Any entry but an approved one with public files is 404.

const NOT_FOUND = () =>
  new AppError(
    "NOT_FOUND",
    "No public predictions for this entry (it is not approved, or its author keeps them private).",
  );

async function publicEntryId(id: string): Promise<string> {
  const s = await db.submission.findFirst({
    where: { id, reviewState: "APPROVED", publicPredictions: true },
    select: { id: true },
  });
  if (!s) throw NOT_FOUND();
  return s.id;
}

export async function getPublicEntryFile(id: string, split: string): Promise<StoredFile> {
  const wanted = fileSplit(split);
  if (!wanted) throw NOT_FOUND();
  const file = await db.submissionFile.findUnique({
    where: { submissionId_split: { submissionId: await publicEntryId(id), split: wanted } },
    select: { fileName: true, sha256: true, content: true },
  });
  if (!file) throw NOT_FOUND();
  return file;
}

export const publicJudgeScoresSchema = z.strictObject({
  scorerVersion: z.string(),
  scores: z.array(
    z.strictObject({
      split: z.string().meta({ description: '"dyadic" or "multi-party".' }),
      index: z.number().int().meta({ description: "Position of the prediction in its file." }),
      judgeScore: z.number().nullable(),
    }),
  ),
});
type PublicJudgeScores = z.infer<typeof publicJudgeScoresSchema>;

/** Key questions nobody answered have none and count 0. */
export async function getPublicJudgeScores(id: string): Promise<PublicJudgeScores> {
  const submissionId = await publicEntryId(id);
  const scorerVersion = await publishedScorerVersion();
  const rows = await db.questionScore.findMany({
    where: { submissionId, scorerVersion },
    select: { split: true, index: true, judgeScore: true },
    orderBy: [{ split: "asc" }, { index: "asc" }],
  });
  return { scorerVersion, scores: rows };
}

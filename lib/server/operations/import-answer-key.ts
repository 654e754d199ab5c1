import "server-only";
import { evidenceCounts, type EvidenceCount, type ValidationIssue } from "@/lib/scoring";
import { datasetLayoutProblem, loadAnswerKeyDir } from "../answer-key/dataset-folder";
import { db } from "../db";
import { AppError } from "../errors";
import { activateAnswerKey, type ActivationResult } from "./activate-answer-key";

// Imports the official dataset folder, idempotent by content sha-256; a new active key goes public only when an admin publishes.

type ImportResult = {
  versionId: string;
  created: boolean;
  questionCount: number;
  fileCount: number;
  warnings: ValidationIssue[];
  activation: ActivationResult | null;
  /** Key questions with usable gold evidence, per split and category. */
  evidence: EvidenceCount[];
};

/** `activate: false` stores the version without making it active (activation is then null). */
export async function importAnswerKey(
  dir: string,
  label?: string,
  opts: { activate?: boolean } = {},
): Promise<ImportResult> {
  const key = loadAnswerKeyDir(dir);
  if (key.files.length === 0) {
    throw new AppError("BAD_REQUEST", `No questions.json under ${dir}: ${datasetLayoutProblem(dir)}`);
  }
  const errors = key.issues.filter((i) => i.severity === "error");
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", `Answer key has ${errors.length} error(s)`, {
      details: errors.map((i) => ({
        code: i.code,
        file: i.file,
        path: i.path,
        message: i.message,
        ...(i.params ? { params: i.params } : {}),
      })),
    });
  }
  const warnings = key.issues.filter((i) => i.severity === "warning");
  const existing = await db.answerKeyVersion.findUnique({ where: { contentSha256: key.digest } });
  const { versionId, activation } = await db.$transaction(
    async (tx) => {
      let id = existing?.id;
      if (!id) {
        const version = await tx.answerKeyVersion.create({
          data: {
            label: label ?? `import ${new Date().toISOString()}`,
            contentSha256: key.digest,
            questionCount: key.questions.length,
          },
        });
        id = version.id;
        await tx.referenceQuestion.createMany({ data: key.questions.map((q) => ({ ...q, versionId: version.id })) });
      } else {
        // Same content, same rule: also fills the evidence of a key imported before it was derived.
        const qids = key.questions.map((q) => q.qid);
        const sessions = key.questions.map((q) => q.evidenceSession ?? null);
        await tx.$executeRaw`
          UPDATE "ReferenceQuestion" AS r SET "evidenceSession" = u.session
          FROM unnest(${qids}::text[], ${sessions}::int[]) AS u(qid, session)
          WHERE r."versionId" = ${id} AND r.qid = u.qid`;
      }
      return { versionId: id, activation: opts.activate === false ? null : await activateAnswerKey(tx, id) };
    },
    { timeout: 60_000 },
  );
  return {
    versionId,
    created: !existing,
    questionCount: key.questions.length,
    fileCount: key.files.length,
    warnings,
    activation,
    evidence: evidenceCounts(key.questions),
  };
}

import "server-only";
import { assertSubmissionsOpen } from "./pause";
import type { ValidationIssue } from "@/lib/scoring";
import { normalizeCategory } from "@/lib/scoring";
import { submissionMetaSchema, type SubmissionMeta } from "@/lib/validation/submission-meta";
import { loadActiveAnswerKey } from "../answer-key/store";
import { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { env } from "../env";
import { AppError, type ErrorDetail, zodDetails } from "../errors";
import { logger } from "../logger";
import { enqueueScoring } from "../queue";
import { insertPredictions } from "./bulk-insert";
import { assertWithinQuota, lockUserSubmissions } from "./quota";
import { ciTokenReplayed, type CiProvenance } from "./ci-token";
import { sourceHostErrors } from "./source";
import { entryLinkErrors } from "./entry-links";
import { STAGES } from "./stages";
import { placeUpload } from "./track-placement";
import { uploadLimits, validateUpload, type UploadFiles, type ValidatedUpload } from "./validate-upload";

type CreateSubmissionInput = {
  userId: string;
  files: UploadFiles;
  meta: Record<string, unknown>;
  /** false: store only (the seed scores in-process); default true. */
  enqueue?: boolean;
  /** Replaces the typed source fields and marks them verified. */
  ciProvenance?: CiProvenance;
  /** The demo seed's entries, outside any quota (never set from a request). */
  demo?: boolean;
};
type CreateSubmissionResult = { id: string; status: string; warnings: ValidationIssue[]; existing: boolean };

function toDetail(i: ValidationIssue): ErrorDetail {
  return {
    code: i.code,
    file: i.file,
    path: i.path,
    message: i.fix ? `${i.message} Fix: ${i.fix}` : i.message,
    ...(i.params ? { params: i.params } : {}),
  };
}

function assertSizes(files: UploadFiles): void {
  const tooBig = Object.values(files).filter((f) => f && f.bytes.byteLength > env.UPLOAD_MAX_BYTES);
  if (tooBig.length === 0) return;
  throw new AppError(
    "PAYLOAD_TOO_LARGE",
    `File too large: at most ${env.UPLOAD_MAX_BYTES} bytes per file (UPLOAD_MAX_BYTES; a full submission is about 1 MB)`,
    {
      details: tooBig.map((f) => ({
        code: "FILE_TOO_LARGE" as const,
        file: f!.fileName,
        path: "",
        message: `${f!.bytes.byteLength} bytes; the limit is ${env.UPLOAD_MAX_BYTES}`,
        params: { size: f!.bytes.byteLength, limit: env.UPLOAD_MAX_BYTES },
      })),
    },
  );
}

async function findExisting(userId: string, contentSha256: string): Promise<CreateSubmissionResult | null> {
  const row = await db.submission.findUnique({ where: { userId_contentSha256: { userId, contentSha256 } } });
  if (!row) return null;
  return { id: row.id, status: row.status, warnings: row.warnings as ValidationIssue[], existing: true };
}

/** With Redis down the submission stays QUEUED for the reconciler. */
export async function createSubmission(input: CreateSubmissionInput): Promise<CreateSubmissionResult> {
  // The seed's demo entries are the operator's own, not an upload.
  if (input.demo !== true) await assertSubmissionsOpen();
  assertSizes(input.files);
  const meta = submissionMetaSchema.safeParse(input.meta);
  const metaErrors: ErrorDetail[] = meta.success
    ? [...sourceHostErrors(meta.data), ...(await entryLinkErrors(input.userId, meta.data))]
    : zodDetails(meta.error.issues, input.meta, { file: "" });
  const key = await loadActiveAnswerKey();
  // UPLOAD_MAX_BYTES keeps this short enough for /api/health to answer meanwhile.
  const upload = validateUpload(input.files, key, uploadLimits());
  if (metaErrors.length > 0 || upload.errors.length > 0 || !meta.success) {
    const details = [...metaErrors, ...upload.errors.map(toDetail)];
    throw new AppError(
      "VALIDATION_FAILED",
      `The submission is invalid (${details.length} problem${details.length === 1 ? "" : "s"})`,
      { details },
    );
  }

  // One CI token, one upload: a replay (even of the same files) is refused before anything is stored.
  if (input.ciProvenance && (await ciTokenUsed(input.ciProvenance.tokenId))) throw ciTokenReplayed();
  const existing = await findExisting(input.userId, upload.contentSha256);
  if (existing) return existing;
  const demo = input.demo === true;
  if (!demo) await assertWithinQuota(input.userId);

  let id: string;
  try {
    const card = input.ciProvenance ? { ...meta.data, ...verifiedSource(input.ciProvenance) } : meta.data;
    const placed = placeUpload(meta.data, upload.splits, key?.questions);
    id = await store(
      input.userId,
      { ...card, ...placed },
      upload,
      key?.versionId ?? null,
      key?.rowIdByQid ?? null,
      demo,
    );
  } catch (e) {
    // Two identical uploads racing: the unique (userId, contentSha256) index lets one win.
    if ((e as { code?: string }).code === "P2002") {
      // Or two uploads racing with one CI token: the unique sourceTokenId index lets one win.
      if (input.ciProvenance && (await ciTokenUsed(input.ciProvenance.tokenId))) throw ciTokenReplayed();
      const winner = await findExisting(input.userId, upload.contentSha256);
      if (winner) return winner;
    }
    throw e;
  }
  if (input.enqueue === false) return { id, status: "QUEUED", warnings: upload.warnings, existing: false };
  try {
    await enqueueScoring(id);
  } catch (e) {
    logger.warn(
      { submissionId: id, err: (e as Error).message },
      "enqueue failed; the reconciler will enqueue the submission",
    );
  }
  return { id, status: "QUEUED", warnings: upload.warnings, existing: false };
}

async function ciTokenUsed(tokenId: string): Promise<boolean> {
  return (await db.submission.count({ where: { sourceTokenId: tokenId } })) > 0;
}

function verifiedSource(p: CiProvenance) {
  return {
    sourceRepo: p.repo,
    sourceCommit: p.commit,
    sourceRun: p.runId,
    sourceRef: p.ref,
    sourceWorkflow: p.workflow,
    sourceTokenId: p.tokenId,
    sourceVerifiedAt: new Date(),
  };
}

async function store(
  userId: string,
  meta: SubmissionMeta & Partial<ReturnType<typeof verifiedSource>> & ReturnType<typeof placeUpload>,
  upload: ValidatedUpload,
  answerKeyVersionId: string | null,
  rowIdByQid: Map<string, string> | null,
  demo: boolean,
): Promise<string> {
  return db.$transaction(
    async (tx) => {
      await lockUserSubmissions(tx, userId);
      if (!demo) await assertWithinQuota(userId, new Date(), tx);
      const submission = await tx.submission.create({
        data: {
          userId,
          ...meta,
          trackReason: meta.trackReason ?? Prisma.DbNull,
          status: "QUEUED",
          stage: "queued",
          answerKeyVersionId,
          isDemo: demo,
          contentSha256: upload.contentSha256,
          warnings: upload.warnings,
          progressTotal: upload.splits.reduce((n, s) => n + s.items.length, 0),
        },
      });
      await tx.submissionFile.createMany({
        data: upload.splits.map((s) => ({
          submissionId: submission.id,
          split: s.split,
          fileName: s.file.fileName,
          sha256: s.sha256,
          size: s.file.bytes.byteLength,
          content: Buffer.from(s.file.bytes),
        })),
      });
      await insertPredictions(
        tx,
        upload.splits.flatMap((s) =>
          s.items.map((item, index) => {
            const match = s.matches?.[index];
            return {
              submissionId: submission.id,
              split: s.split,
              index,
              questionText: item.question_text,
              questionImage: item.question_image,
              systemAnswer: item.system_answer,
              originalAnswer: item.original_answer,
              category: normalizeCategory(item.category) ?? item.category,
              referenceQuestionId: match?.qid ? (rowIdByQid?.get(match.qid) ?? null) : null,
              answerDiffers: match?.answerDiffers ?? false,
              retrievedSessions: item.retrieved_sessions,
            };
          }),
        ),
      );
      await tx.stageRun.createMany({ data: STAGES.map((stage) => ({ submissionId: submission.id, stage })) });
      return submission.id;
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

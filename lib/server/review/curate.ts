import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { MODALITIES } from "@/lib/validation/submission-meta";
import { TRACKS } from "@/lib/validation/tracks";
import { noControlCharacters } from "@/lib/validation/text";
import type { SessionUser } from "../auth/config";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { retrySubmissionStage } from "../submissions/retry-submission";
import { quoteChoices, STAGES, type Stage } from "../submissions/stages";
import { approveSubmission, note, rejectSubmission } from "./decide";
import { dispatchOutbox, recordBoardSnapshot, type Outbox } from "../notify/outbox";
import { recordSubmissionEvent } from "../notify/events";
import type { SnapshotReason } from "../history/snapshots";

export const unpublishSchema = z.object({ note: note(3, "a public note") });
export const baselineSchema = z.object({
  isBaseline: z.boolean({ error: "must be true or false" }),
  reason: z.string().trim().max(2000).optional(),
});
// "both" re-runs every stage; a stage re-runs it and the ones after it.
export const RESCORE_CHOICES = [...STAGES, "both"] as const;
export const rescoreSchema = z.object({
  stage: z.enum(RESCORE_CHOICES, { error: `stage must be ${quoteChoices(RESCORE_CHOICES)}` }).default("both"),
});
export const trackOverrideSchema = z.object({
  track: z.enum(TRACKS, { error: `track must be ${quoteChoices(TRACKS)}` }),
  note: note(3, "the reason (shown to the author)"),
});
export const bulkSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, "select at least one submission").max(200, "at most 200 at once"),
  decision: z.enum(["approve", "reject"]),
  reason: z.string().trim().max(2000).optional(),
});

const text = (max: number, multiline = false) =>
  z.string().trim().max(max, `must be at most ${max} characters`).superRefine(noControlCharacters({ multiline }));
const url = text(2000).refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "must be an http:// or https:// URL");
// Scores, files and review state are not editable here. null or "" clears a field.
export const metadataSchema = z
  .object({
    methodName: text(200).min(1, "is required").optional(),
    organization: text(200).nullable().optional(),
    description: text(5000, true).nullable().optional(),
    paperUrl: url.nullable().optional(),
    codeUrl: url.nullable().optional(),
    modality: z.enum(MODALITIES).nullable().optional(),
    backbone: text(200).nullable().optional(),
    memoryMethod: text(200).nullable().optional(),
    reason: z.string().trim().max(2000).optional(),
  })
  .strict();
export type MetadataPatch = z.infer<typeof metadataSchema>;

type Actor = { actorId: string };

/** The tombstone path inside the caller's transaction (also a dispute's withdrawal); dispatch the outbox after. */
export async function unpublishInTransaction(
  tx: Prisma.TransactionClient,
  input: Actor & { submissionId: string; note: string },
): Promise<Outbox> {
  const { note: clean } = unpublishSchema.parse({ note: input.note });
  const res = await tx.submission.updateMany({
    where: { id: input.submissionId, reviewState: "APPROVED" },
    data: {
      reviewState: "REJECTED",
      reviewerId: input.actorId,
      reviewReason: clean,
      publicNote: clean,
      reviewedAt: new Date(),
      removedAt: new Date(),
    },
  });
  if (res.count === 0) {
    const s = await tx.submission.findUnique({ where: { id: input.submissionId }, select: { reviewState: true } });
    if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
    throw new AppError(
      "CONFLICT",
      `Only an approved entry can be unpublished (this one is ${s.reviewState.toLowerCase()}).`,
    );
  }
  await recordAudit(tx, {
    actor: input.actorId,
    action: "submission.unpublish",
    target: { type: "Submission", id: input.submissionId },
    details: { note: clean, public: true },
  });
  return [
    ...(await recordBoardSnapshot(tx, "unpublish")),
    ...(await recordSubmissionEvent(tx, input.submissionId, "submission.rejected")),
  ];
}

export async function unpublishSubmission(input: Actor & { submissionId: string; note: string }) {
  const outbox = await db.$transaction((tx) => unpublishInTransaction(tx, input));
  await dispatchOutbox(outbox);
  return { id: input.submissionId, reviewState: "REJECTED" as const };
}

async function snapshotIfPublic(tx: Prisma.TransactionClient, reviewState: string, reason: SnapshotReason) {
  return reviewState === "APPROVED" ? recordBoardSnapshot(tx, reason) : null;
}

export async function setBaseline(input: Actor & { submissionId: string; isBaseline: boolean; reason?: string }) {
  const out = await db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: input.submissionId },
      select: { isBaseline: true, reviewState: true },
    });
    if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
    if (s.isBaseline === input.isBaseline)
      throw new AppError("CONFLICT", input.isBaseline ? "Already a baseline." : "Not a baseline.");
    await tx.submission.update({ where: { id: input.submissionId }, data: { isBaseline: input.isBaseline } });
    const action = input.isBaseline ? "submission.baseline.mark" : "submission.baseline.unmark";
    await recordAudit(tx, {
      actor: input.actorId,
      action,
      target: { type: "Submission", id: input.submissionId },
      details: { reason: input.reason ?? null },
    });
    const outbox = await snapshotIfPublic(tx, s.reviewState, "baseline");
    return { result: { id: input.submissionId, isBaseline: input.isBaseline }, outbox };
  });
  if (out.outbox) await dispatchOutbox(out.outbox);
  return out.result;
}

/** The `maintainer-rerun` tier: only a reproduction can be marked (docs/TRUST.md). */
export async function setMaintainerRerun(input: Actor & { submissionId: string; on: boolean }) {
  const out = await db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: input.submissionId },
      select: { reproduces: true, maintainerRerunAt: true, reviewState: true },
    });
    if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
    if (!s.reproduces) throw new AppError("CONFLICT", "Only a reproduction (reproduces: <entry id>) can be marked.");
    if ((s.maintainerRerunAt !== null) === input.on)
      throw new AppError("CONFLICT", input.on ? "Already marked as a maintainer re-run." : "Not marked.");
    await tx.submission.update({
      where: { id: input.submissionId },
      data: { maintainerRerunAt: input.on ? new Date() : null },
    });
    await recordAudit(tx, {
      actor: input.actorId,
      action: input.on ? "submission.maintainer-rerun.mark" : "submission.maintainer-rerun.unmark",
      target: { type: "Submission", id: input.submissionId },
      details: { reproduces: s.reproduces },
    });
    return { result: { id: input.submissionId, maintainerRerun: input.on } };
  });
  return out.result;
}

export async function editMetadata(input: Actor & { submissionId: string; patch: MetadataPatch }) {
  const { reason, ...fields } = metadataSchema.parse(input.patch);
  const data = Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v === "" ? null : v]),
  );
  if (Object.keys(data).length === 0)
    throw new AppError("VALIDATION_FAILED", "Nothing to change.", {
      details: [{ code: "NOTHING_TO_CHANGE", path: "", message: "send at least one field" }],
    });
  const out = await db.$transaction(async (tx) => {
    const keys = Object.keys(data);
    const before = await tx.submission.findUnique({
      where: { id: input.submissionId },
      select: Object.fromEntries(keys.map((k) => [k, true])),
    });
    if (!before) throw new AppError("NOT_FOUND", "Submission not found.");
    const { reviewState } = await tx.submission.update({
      where: { id: input.submissionId },
      data,
      select: { reviewState: true },
    });
    await recordAudit(tx, {
      actor: input.actorId,
      action: "submission.metadata",
      target: { type: "Submission", id: input.submissionId },
      details: { before, after: data, reason: reason ?? null },
    });
    const outbox = await snapshotIfPublic(tx, reviewState, "metadata");
    return { result: { id: input.submissionId, changed: keys }, outbox };
  });
  if (out.outbox) await dispatchOutbox(out.outbox);
  return out.result;
}

/** The admin's word over the declared track and the automatic placement (issue 48); the reason is kept and shown. */
export async function setTrack(input: Actor & { submissionId: string } & z.input<typeof trackOverrideSchema>) {
  const { track, note: clean } = trackOverrideSchema.parse(input);
  const out = await db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: input.submissionId },
      select: { track: true, trackReason: true, reviewState: true },
    });
    if (!s) throw new AppError("NOT_FOUND", "Submission not found.");
    if (s.track === track) throw new AppError("CONFLICT", `Already on the ${track} track.`);
    const reason = { rule: "admin", note: clean, from: s.track };
    await tx.submission.update({ where: { id: input.submissionId }, data: { track, trackReason: reason } });
    await recordAudit(tx, {
      actor: input.actorId,
      action: "submission.track",
      target: { type: "Submission", id: input.submissionId },
      details: { from: s.track, to: track, note: clean, previousReason: s.trackReason },
    });
    const outbox = await snapshotIfPublic(tx, s.reviewState, "metadata");
    return { result: { id: input.submissionId, track }, outbox };
  });
  if (out.outbox) await dispatchOutbox(out.outbox);
  return out.result;
}

/** "both" re-runs lexical then judge; "judge" keeps the lexical results. */
export async function rescoreSubmission(input: { submissionId: string; stage: Stage | "both"; actor: SessionUser }) {
  if (input.actor.role !== "ADMIN") throw new AppError("FORBIDDEN", "Administrators only.");
  return retrySubmissionStage({
    submissionId: input.submissionId,
    stage: input.stage === "both" ? STAGES[0]! : input.stage,
    actor: input.actor,
    action: "rescore",
  });
}

/** Each id is decided in its own transaction: one conflict does not undo the others. */
export async function bulkReview(input: Actor & z.input<typeof bulkSchema>) {
  const { ids, decision, reason } = bulkSchema.parse(input);
  if (decision === "reject" && (reason ?? "").length < 3)
    throw new AppError("VALIDATION_FAILED", "A rejection needs a reason.", {
      details: [
        {
          code: "FIELD_TOO_SHORT",
          path: "reason",
          message: "give a reason of at least 3 characters",
          params: { limit: 3 },
        },
      ],
    });
  const results: Array<{ id: string; ok: boolean; error?: string }> = [];
  for (const id of [...new Set(ids)]) {
    try {
      if (decision === "approve") await approveSubmission({ submissionId: id, reviewerId: input.actorId });
      else await rejectSubmission({ submissionId: id, reviewerId: input.actorId, reason: reason! });
      results.push({ id, ok: true });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ id, ok: false, error: e.message });
    }
  }
  return { decision, results };
}

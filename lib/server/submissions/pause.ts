import "server-only";
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { recordAudit } from "../audit";

// An admin's pause of new submissions (maintenance, a judge outage): every upload path (web form,
// REST, CLI, MCP) goes through createSubmission, which refuses with 503 while it holds; reads never
// look at it. Kept in the Setting table beside the published version: one row, read per request.

export const SUBMISSIONS_PAUSE_KEY = "submissions_pause";
export const SUBMISSIONS_PAUSE_PATH = "/api/v1/admin/submissions-pause";
const DEFAULT_RETRY_AFTER_SECONDS = 3600;

const notice = z
  .string()
  .trim()
  .max(500)
  .regex(/^[^\p{Cc}]*$/u, "The notice may not contain control characters.");

export const pauseInputSchema = z
  .strictObject({
    paused: z.boolean(),
    notice: notice.optional().meta({ description: "Public notice shown while paused (required to pause)." }),
    retryAfterSeconds: z
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .optional()
      .meta({ description: "Retry-After sent to refused uploads (default 3600)." }),
  })
  .refine((v) => !v.paused || (v.notice ?? "").length > 0, {
    path: ["notice"],
    message: "Say why submissions are paused: the notice is shown to everyone who tries to submit.",
  });
export type PauseInput = z.infer<typeof pauseInputSchema>;

export const pauseStateSchema = z.strictObject({
  open: z.boolean().meta({ description: "true: submissions are accepted." }),
  notice: z.string().nullable(),
  retryAfterSeconds: z.int().nullable(),
  since: z.iso.datetime().nullable().meta({ description: "When the current pause began (null when open)." }),
});
export type PauseState = z.infer<typeof pauseStateSchema>;

const storedSchema = z.object({
  notice: z.string(),
  retryAfterSeconds: z.int(),
  since: z.string(),
});
const OPEN: PauseState = { open: true, notice: null, retryAfterSeconds: null, since: null };

export async function submissionsPause(): Promise<PauseState> {
  const row = await db.setting.findUnique({ where: { key: SUBMISSIONS_PAUSE_KEY }, select: { value: true } });
  if (!row) return OPEN;
  const stored = storedSchema.safeParse(JSON.parse(row.value));
  return stored.success ? { open: false, ...stored.data } : OPEN;
}

/** 503 with the admin's notice and Retry-After while submissions are paused. */
export async function assertSubmissionsOpen(): Promise<void> {
  const pause = await submissionsPause();
  if (pause.open) return;
  throw new AppError("UNAVAILABLE", `Submissions are paused: ${pause.notice}`, {
    retryAfterSeconds: pause.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
  });
}

/** Pauses (or updates the notice) or resumes, audited in the same transaction; resuming when open changes nothing. */
export async function setSubmissionsPause(actorId: string, input: PauseInput): Promise<PauseState> {
  return db.$transaction(async (tx) => {
    if (!input.paused) {
      const { count } = await tx.setting.deleteMany({ where: { key: SUBMISSIONS_PAUSE_KEY } });
      if (count > 0)
        await recordAudit(tx, {
          actor: actorId,
          action: "submissions.resume",
          target: { type: "Setting", id: SUBMISSIONS_PAUSE_KEY },
        });
      return OPEN;
    }
    const value = {
      notice: input.notice!,
      retryAfterSeconds: input.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      since: new Date().toISOString(),
    };
    await tx.setting.upsert({
      where: { key: SUBMISSIONS_PAUSE_KEY },
      create: { key: SUBMISSIONS_PAUSE_KEY, value: JSON.stringify(value), updatedById: actorId },
      update: { value: JSON.stringify(value), updatedById: actorId },
    });
    await recordAudit(tx, {
      actor: actorId,
      action: "submissions.pause",
      target: { type: "Setting", id: SUBMISSIONS_PAUSE_KEY },
      details: { notice: value.notice, retryAfterSeconds: value.retryAfterSeconds },
    });
    return { open: false, ...value };
  });
}

import { z } from "zod";
import { isHttpUrl } from "./submission-meta";
import { noControlCharacters } from "./text";

// One home for the dispute contracts (API, entry-page forms, admin): the codes are stable API values.

export const DISPUTE_TYPES = [
  "wrong_conditions",
  "judge_issue",
  "gold_answer_error",
  "leakage",
  "not_reproducible",
  "other",
] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export const DISPUTE_RESOLUTIONS = ["no_action", "note_added", "rescore", "withdrawal"] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DISPUTE_STATEMENT_MAX = 5000;
export const DISPUTE_LINKS_MAX = 10;

const text = (min: number, max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .superRefine(noControlCharacters({ multiline: true }));

const link = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine(isHttpUrl, "must be an http:// or https:// URL");

export const openDisputeSchema = z.object({
  type: z.enum(DISPUTE_TYPES, { error: `type must be one of ${DISPUTE_TYPES.join(", ")}` }),
  statement: text(10, DISPUTE_STATEMENT_MAX),
  evidenceLinks: z.array(link).max(DISPUTE_LINKS_MAX, `at most ${DISPUTE_LINKS_MAX} links`).default([]),
});
export type OpenDisputeInput = z.input<typeof openDisputeSchema>;

export const disputeReplySchema = z.object({ body: text(1, DISPUTE_STATEMENT_MAX) });

export const resolveDisputeSchema = z
  .object({
    resolution: z.enum(DISPUTE_RESOLUTIONS, { error: `resolution must be one of ${DISPUTE_RESOLUTIONS.join(", ")}` }),
    // 2000 like every review note: a withdrawal makes it the tombstone's public note.
    note: text(3, 2000),
    // The new scorer version or answer-key version a re-score ran under.
    rescoreRef: text(1, 200).optional(),
  })
  .refine((v) => v.resolution !== "rescore" || v.rescoreRef, {
    path: ["rescoreRef"],
    message: "a re-score names the new scorer version or answer-key version",
  });
export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

/** What an admin hides: the dispute's statement, or one reply. */
export const hideDisputeTextSchema = z.object({
  replyId: z.string().min(1).max(64).optional(),
  reason: text(3, 2000),
});

/** Evidence links as a form sends them: one per line. */
export const linesOf = (v: FormDataEntryValue | null) =>
  String(v ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

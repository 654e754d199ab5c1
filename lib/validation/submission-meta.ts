import { z } from "zod";

// Method metadata sent with a submission (web form, API v1 multipart fields, CLI).
// Text is stored verbatim (HTML is escaped at render time, never stripped here).

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

const optionalUrl = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), "must be an http:// or https:// URL")
  .refine((v) => {
    if (v === undefined) return true;
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http:// or https:// URL");

// A self-reported cost: a non-negative number, sent as text by forms and multipart ("" = not stated).
const optionalCost = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
  z.number({ error: "must be a number" }).finite("must be a finite number").min(0, "must be 0 or more").max(1e9, "must be at most 1e9").optional(),
);

/** The self-reported efficiency fields (API v1 multipart names), in display order. */
export const EFFICIENCY_FIELDS = ["storageSecondsPerSession", "retrievalSecondsPerQuestion", "answerSecondsPerQuestion", "tokensPerQuestion"] as const;

/** Input modality of a method, as the card states it. */
export const MODALITIES = ["text", "multimodal"] as const;

// Null bytes break Postgres text columns; reject them at the edge with a clear message.
const noNul = (s: string | undefined) => s === undefined || !s.includes("\u0000");

export const submissionMetaSchema = z
  .object({
    methodName: z
      .string({ error: "is required" })
      .trim()
      .min(1, "is required")
      .max(200, "must be at most 200 characters"),
    organization: optionalText(200),
    description: optionalText(5000),
    paperUrl: optionalUrl,
    codeUrl: optionalUrl,
    // The form's "Not stated" option sends "": treat it as absent, like the other optional fields.
    modality: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.enum(MODALITIES, { error: 'must be "text" or "multimodal"' }).optional(),
    ),
    backbone: optionalText(200),
    memoryMethod: optionalText(200),
    storageSecondsPerSession: optionalCost,
    retrievalSecondsPerQuestion: optionalCost,
    answerSecondsPerQuestion: optionalCost,
    tokensPerQuestion: optionalCost,
    hardware: optionalText(200),
    // Multipart sends "true" (a checked box sends "on"); JSON may send a boolean. Absent = private.
    publicPredictions: z
      .preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v), z.boolean({ error: 'must be "true" or "false"' }).optional())
      .transform((v) => v ?? false),
  })
  .superRefine((meta, ctx) => {
    for (const [key, value] of Object.entries(meta)) {
      if (typeof value === "string" && !noNul(value)) {
        ctx.addIssue({ code: "custom", path: [key], message: "must not contain null bytes" });
      }
    }
  });

export type SubmissionMeta = z.infer<typeof submissionMetaSchema>;
export type SubmissionMetaInput = z.input<typeof submissionMetaSchema>;

import { z } from "zod";
import { controlCharacterProblem } from "./text";
import { TRACKS } from "./tracks";

// Text is stored verbatim: HTML is escaped at render time, never stripped here.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** An absolute http(s) URL without spaces: the only links user text may carry. */
export function isHttpUrl(v: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

const optionalUrl = optionalText(2000).refine(
  (v) => v === undefined || isHttpUrl(v),
  "must be an http:// or https:// URL",
);

// Forms and multipart send text ("" = not stated).
const optionalCost = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
  z
    .number({ error: "must be a number" })
    .finite("must be a finite number")
    .min(0, "must be 0 or more")
    .max(1e9, "must be at most 1e9")
    .optional(),
);

// A context budget: a whole number of at least 1, or "" / absent = not stated.
const optionalCount = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1e9, "must be at most 1e9")
    .optional(),
);

// Strict, because the CI source fields become links: nothing but these shapes can reach an href.
const optionalMatch = (re: RegExp, message: string, max: number) =>
  optionalText(max).refine((v) => v === undefined || re.test(v), message);

export const SOURCE_REPO_RE = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
/** A full SHA-1 or SHA-256 commit id, as a CI token's `sha` claim carries it. */
export const SOURCE_COMMIT_FULL_RE = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
const SOURCE_COMMIT_RE = /^[0-9a-f]{7,40}$/i;
/** The server checks the host against GITHUB_URL. */
const SOURCE_RUN_RE =
  /^(\d{1,20}|https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\/actions\/runs\/\d{1,20}(\/attempts\/\d{1,5})?)$/;

export const SOURCE_FIELDS = ["sourceRepo", "sourceCommit", "sourceRun"] as const;
/** An existing entry's id: this upload is a replicate run of it, or another account's reproduction of it. */
export const LINK_FIELDS = ["runOf", "reproduces"] as const;
const entryId = optionalMatch(/^[A-Za-z0-9_-]{1,40}$/, "must be an entry id (as in /entries/<id>)", 40);

/** In display order. */
export const EFFICIENCY_FIELDS = [
  "storageSecondsPerSession",
  "retrievalSecondsPerQuestion",
  "answerSecondsPerQuestion",
  "tokensPerQuestion",
] as const;

export const MODALITIES = ["text", "multimodal"] as const;
/** Who ran it (issue 49, docs/TRUST.md): the submitter's own method, or someone else's (methodOwner). */
export const RAN_BY = ["first-party", "third-party"] as const;

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
    // The form's "Not stated" option sends "".
    modality: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.enum(MODALITIES, { error: 'must be "text" or "multimodal"' }).optional(),
    ),
    backbone: optionalText(200),
    memoryMethod: optionalText(200),
    ranBy: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.enum(RAN_BY, { error: 'must be "first-party" or "third-party"' }).optional(),
    ),
    methodOwner: optionalText(200),
    storageSecondsPerSession: optionalCost,
    retrievalSecondsPerQuestion: optionalCost,
    answerSecondsPerQuestion: optionalCost,
    tokensPerQuestion: optionalCost,
    hardware: optionalText(200),
    track: z
      .preprocess(
        (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
        z.enum(TRACKS, { error: `must be one of ${TRACKS.map((t) => `"${t}"`).join(", ")}` }).optional(),
      )
      .transform((v) => v ?? "memory"),
    contextTopK: optionalCount,
    contextTokens: optionalCount,
    // A checked box sends "on"; JSON may send a boolean. Absent = private.
    publicPredictions: z
      .preprocess(
        (v) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v),
        z.boolean({ error: 'must be "true" or "false"' }).optional(),
      )
      .transform((v) => v ?? false),
    sourceRepo: optionalMatch(SOURCE_REPO_RE, "must be OWNER/NAME (letters, digits, '_', '.', '-')", 200),
    sourceCommit: optionalMatch(SOURCE_COMMIT_RE, "must be a commit SHA (7 to 40 hex digits)", 40).transform((v) =>
      v?.toLowerCase(),
    ),
    sourceRun: optionalMatch(
      SOURCE_RUN_RE,
      "must be a run id (digits) or an https URL of a GitHub Actions run (https://HOST/OWNER/NAME/actions/runs/ID)",
      500,
    ),
    runOf: entryId,
    reproduces: entryId,
  })
  .superRefine((meta, ctx) => {
    if (meta.runOf !== undefined && meta.reproduces !== undefined)
      ctx.addIssue({ code: "custom", path: ["reproduces"], message: "cannot be combined with runOf" });
    if ((meta.sourceCommit !== undefined || meta.sourceRun !== undefined) && meta.sourceRepo === undefined) {
      ctx.addIssue({ code: "custom", path: ["sourceRepo"], message: "is required with sourceCommit or sourceRun" });
    }
    if (meta.ranBy === "third-party" && meta.methodOwner === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["methodOwner"],
        message: "is required with ranBy third-party (whose method)",
      });
    if (meta.ranBy !== "third-party" && meta.methodOwner !== undefined)
      ctx.addIssue({ code: "custom", path: ["methodOwner"], message: "goes with ranBy third-party only" });
    // Only the description may span lines.
    for (const [key, value] of Object.entries(meta)) {
      const problem =
        typeof value === "string" ? controlCharacterProblem(value, { multiline: key === "description" }) : null;
      if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
    }
  });

export type SubmissionMeta = z.infer<typeof submissionMetaSchema>;

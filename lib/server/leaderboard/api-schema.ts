import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, KEY_PART_PREFIX, MAIN_TYPES, type FailureProfile } from "@/lib/scoring";
import { scoreCellSchema } from "../scores/score-rows";
import { BACKBONES, OTHER_BACKBONE } from "@/lib/validation/backbones";
import { RAN_BY } from "@/lib/validation/submission-meta";
import { attemptsSchema } from "../submissions/attempts";
import { entrySourceSchema } from "../submissions/source";
import {
  aggregateSchema,
  baselinesFilterSchema,
  boardMetricSchema,
  boardSplitSchema,
  modalityFilterSchema,
  statusFilterSchema,
  trackSchema,
} from "./params";
import { tombstoneSchema } from "./tombstones";
import { referenceRowSchema } from "./reference-rows";
import { TIERS } from "./trust-tier";
import { evidenceGroupSchema } from "../scores/evidence-schema";

// Types leaderboardJson, generates the OpenAPI document, and a test parses real responses with it.

const rankSchema = z.int().min(1);
const rate = z.number().min(0).max(1).nullable();
const dateTime = z.string().meta({ format: "date-time" });

export const leaderboardEntrySchema = z.strictObject({
  rank: rankSchema.meta({ description: "Rank within the entry's track on the whole board (ties share a rank)." }),
  tied: z.boolean().meta({ description: "Statistically tied with a neighbour (overlapping 95% intervals)." }),
  id: z.string(),
  status: z.literal("approved").meta({
    description: "Ranked entries are approved; withdrawn ones are listed under `withdrawn` (status=withdrawn).",
  }),
  methodName: z.string(),
  organization: z.string().nullable(),
  modality: z.string().nullable(),
  backbone: z.string().nullable(),
  ranBy: z.enum(RAN_BY).nullable().meta({
    description:
      "Stated by the submitter: first-party (their own method) or third-party (a run of methodOwner's method); null when not stated.",
  }),
  methodOwner: z.string().nullable().meta({ description: "Whose method a third-party run is; null otherwise." }),
  track: trackSchema.meta({
    description:
      "The track the entry is ranked in: declared on the method card, or full-context by the automatic placement or an administrator (GET /api/v1/entries/{id} says why).",
  }),
  contextTopK: z.int().min(1).nullable().meta({ description: "Declared sessions given to the answerer per question." }),
  contextTokens: z.int().min(1).nullable().meta({ description: "Declared context-token limit of the answerer." }),
  isBaseline: z.boolean(),
  verified: z.boolean().meta({ description: "Scored against the official answer key." }),
  ciVerified: entrySourceSchema.nullable().meta({
    description:
      "Verified from CI: repository, commit and run from a CI OIDC token the server verified at upload; null when there was none (typed source fields are not shown here).",
  }),
  createdAt: dateTime,
  answered: z.int().min(0),
  attempts: attemptsSchema,
  overall: scoreCellSchema,
  mainTypes: z.partialRecord(z.enum(MAIN_TYPES), scoreCellSchema),
  categories: z.partialRecord(z.enum(CATEGORY_CODES), scoreCellSchema),
  refusalRate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: "Share of questions refused (failure profile, both splits); null without a profile." }),
  overRefusalRate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: "Share of non-Answer-Refusal questions refused; null without a profile." }),
  runs: z.int().min(1).meta({
    description:
      "Replicate runs averaged (k): each score is the mean over runs, its interval from the item x run bootstrap, `runSd` its run-to-run standard deviation (null with 1 run: variation unknown).",
  }),
  flipRate: rate.meta({
    description: "Share of questions whose judge score or F1 differs between runs; null with one run.",
  }),
  tier: z.enum(TIERS).meta({
    description:
      "Trust tier: uploaded, ci-verified (OIDC provenance), reproduced (another account's reproduction agrees), maintainer-rerun (an agreeing reproduction run by the maintainers). docs/TRUST.md.",
  }),
  evidence: evidenceGroupSchema.nullable().meta({
    description:
      "Evidence metrics over all categories of the board's split (recall@k, judge and F1 when the gold session was retrieved vs not, failure split); null when the entry sent no retrieved_sessions (not reported). Per category: GET /api/v1/entries/{id}.",
  }),
  scopeRank: z
    .strictObject({ scope: z.string(), rank: rankSchema, tied: z.boolean() })
    .optional()
    .meta({ description: "Rank within the main type or category sorted by." }),
});

const answerKeyInfoSchema = z
  .strictObject({ label: z.string(), contentSha256: z.string(), questionCount: z.int().min(0), importedAt: dateTime })
  .meta({
    description: `The answer key the scorer version names (its \`${KEY_PART_PREFIX}\` part): every number in the response was computed against it.`,
  });

/** `failureProfile` of GET /api/v1/entries/{id}. */
export const failureProfileSchema = z.strictObject({
  refusalRate: rate.meta({
    description: "Share of all questions refused (one refusal detector, lib/scoring/refusal.ts).",
  }),
  missedRefusalRate: rate.meta({ description: "Share of Answer Refusal questions answered instead of refused." }),
  overRefusalRate: rate.meta({ description: "Share of the other categories' questions refused." }),
  emptyRate: rate.meta({ description: "Share of questions with an empty answer (unanswered key questions included)." }),
  answerTokens: z
    .strictObject({ median: z.number().nullable(), p90: z.number().nullable() })
    .meta({ description: "Answer length in lexical-tokenizer tokens (non-empty answers)." }),
  byCategory: z.partialRecord(
    z.enum(CATEGORY_CODES),
    z.strictObject({ refusalRate: rate, recallPrecisionGap: z.number().nullable(), n: z.int().min(0) }),
  ),
}) satisfies z.ZodType<FailureProfile>;

export const judgeInfoSchema = z
  .strictObject({
    model: z.string(),
    promptVersion: z.string(),
    demo: z.boolean().meta({
      description:
        'true: the bundled deterministic fake judge of the quick-start demo ("demo judge"), not an LLM; its scores only exercise the pipeline.',
    }),
  })
  .meta({ description: "The judge of the scorer version (model and prompt version); null when it has no judge." });

export const leaderboardJsonSchema = z.strictObject({
  scorerVersion: z.string().meta({
    description: `The published scorer version: lexical version and NLTK mode, answer key (\`${KEY_PART_PREFIX}<8 hex>\`) and judge. Every entry's numbers belong to it.`,
  }),
  answerKey: answerKeyInfoSchema.nullable(),
  judge: judgeInfoSchema.nullable(),
  notRescored: z
    .array(z.strictObject({ id: z.string(), methodName: z.string(), status: z.literal("not-rescored") }))
    .meta({
      description:
        "Approved entries not re-scored yet under this scorer version (e.g. after a new answer key): not ranked, and no numbers of another version are shown.",
    }),
  generatedAt: dateTime,
  track: trackSchema.meta({ description: "The track ranked in `entries`." }),
  split: boardSplitSchema,
  metric: boardMetricSchema,
  aggregate: aggregateSchema,
  filters: z.strictObject({
    q: z.string().nullable(),
    modality: modalityFilterSchema,
    baselines: baselinesFilterSchema,
    backbone: z.enum([...BACKBONES, OTHER_BACKBONE]).nullable(),
    verified: z.boolean(),
    sort: z.string().nullable(),
    status: statusFilterSchema,
  }),
  total: z.int().min(0),
  lowNMin: z.int().min(0).meta({
    description: "Cells with n below this are low-n (LOW_N_MIN; 0 = never marked). Every cell carries its n.",
  }),
  entries: z.array(leaderboardEntrySchema),
  references: z.array(referenceRowSchema).meta({
    description:
      "Trivial reference systems (always-refuse, echo-question, empty) under the same scorer version and answer key; not ranked, lexical metrics only (empty for the judge).",
  }),
  trackReferences: z.array(leaderboardEntrySchema).meta({
    description:
      "track=memory only: the full-context and oracle-evidence entries matching the filters, for comparison; not ranked among the memory entries (their `rank` is within their own track).",
  }),
  withdrawn: z
    .array(tombstoneSchema)
    .meta({ description: "Entries taken off the board (status=withdrawn only; empty otherwise)." }),
});
export type LeaderboardJson = z.infer<typeof leaderboardJsonSchema>;

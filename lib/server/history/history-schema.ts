import "server-only";
import { z } from "zod";
import { aggregateSchema, boardMetricSchema, boardSplitSchema, trackSchema } from "../leaderboard/params";
import { historyScopeSchema } from "./snapshot-history";

// The OpenAPI document is generated from these.

const viewQuery = {
  track: trackSchema
    .default("memory")
    .meta({ description: "Track (each is ranked on its own; snapshots from before tracks hold memory only)." }),
  split: boardSplitSchema.default("overall").meta({ description: "Split (overall, dyadic, multi-party)." }),
  category: historyScopeSchema
    .default("ALL")
    .meta({ description: "ALL (the whole split), a main type or a category code: ranks within it." }),
  metric: boardMetricSchema.default("f1").meta({ description: "Metric." }),
  aggregate: aggregateSchema
    .default("micro")
    .meta({ description: "Mean over questions (micro) or categories (macro)." }),
};

export const rankHistoryQuerySchema = z.object(viewQuery);
export type RankHistoryQuery = z.infer<typeof rankHistoryQuerySchema>;

const dateTime = z.string().meta({ format: "date-time" });
const permalink = z.string().meta({ description: "The snapshot's permanent address (/api/v1/snapshots/{id})." });

const rankHistoryItemSchema = z.strictObject({
  snapshot: z.string().meta({ description: "Snapshot id." }),
  permalink,
  date: dateTime.meta({ description: "When the snapshot was taken." }),
  reason: z.string().meta({ description: "The change that wrote it (approve, withdraw, publish, ...)." }),
  scorerVersion: z.string(),
  rank: z.int().min(1),
  tied: z.boolean(),
  tieGroup: z.array(z.string()).meta({ description: "Ids of the entries sharing this rank (this one included)." }),
  of: z.int().min(1).meta({ description: "Ranked entries in this view of the snapshot." }),
  value: z.number(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  n: z.int().min(0),
});

const viewSchema = z.strictObject({
  track: trackSchema,
  split: boardSplitSchema,
  category: historyScopeSchema,
  metric: boardMetricSchema,
  aggregate: aggregateSchema,
});

export const rankHistorySchema = z.strictObject({
  entry: z.string(),
  ...viewSchema.shape,
  items: z
    .array(rankHistoryItemSchema)
    .meta({ description: "Oldest first: every snapshot in which the entry is ranked in this view." }),
});
export type RankHistory = z.infer<typeof rankHistorySchema>;

// A day (UTC) or a month (UTC) or an instant.
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const claimDateSchema = z
  .string()
  .refine(
    (s) =>
      (DAY.test(s) || MONTH.test(s) || z.iso.datetime({ offset: true }).safeParse(s).success) &&
      !Number.isNaN(Date.parse(MONTH.test(s) ? `${s}-01` : s)),
    {
      message: "expected YYYY-MM-DD, YYYY-MM or an ISO 8601 date-time",
    },
  )
  .meta({
    description:
      "When: a day (YYYY-MM-DD, UTC) or a month (YYYY-MM, UTC), true when the entry held the rank at any moment in it; or an instant (ISO 8601), the board in force then.",
  });

export const claimQuerySchema = z.object({
  entry: z.string().min(1).max(100).meta({ description: "Entry id." }),
  rank: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .meta({ description: "The rank claimed (ties share a rank, as on the board)." }),
  date: claimDateSchema,
  ...viewQuery,
});
export type ClaimQuery = z.infer<typeof claimQuerySchema>;

const evidenceSchema = z.strictObject({
  snapshot: z.string(),
  permalink,
  date: dateTime,
  rank: z.int().min(1).nullable().meta({ description: "The entry's rank there; null when it was not ranked." }),
  tieGroup: z.array(z.string()),
});

export const claimVerdictSchema = z.strictObject({
  claim: z.strictObject({ entry: z.string(), rank: z.int(), date: z.string(), ...viewSchema.shape }),
  verified: z.boolean().meta({ description: "true: a snapshot in force at that time ranks the entry there." }),
  proof: evidenceSchema.nullable().meta({ description: "The snapshot that proves the claim (null when false)." }),
  checked: z
    .array(evidenceSchema)
    .meta({ description: "Every snapshot in force during the period, with the entry's rank in each (oldest first)." }),
});
export type ClaimVerdict = z.infer<typeof claimVerdictSchema>;

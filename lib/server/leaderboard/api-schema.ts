import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring";
import { scoreCellSchema } from "../scores/score-rows";
import { attemptsSchema } from "../review/attempts";
import { aggregateSchema, baselinesFilterSchema, boardMetricSchema, boardSplitSchema, modalityFilterSchema, statusFilterSchema } from "./params";
import { tombstoneSchema } from "./tombstones";
import { referenceRowSchema } from "../references/board-rows";

// The JSON of GET /api/v1/leaderboard: leaderboardJson (./export.ts) is typed by this schema, the
// OpenAPI document is generated from it, and a test parses real responses with it.

const rankSchema = z.int().min(1);
const dateTime = z.string().meta({ format: "date-time" });

export const leaderboardEntrySchema = z.strictObject({
  rank: rankSchema.meta({ description: "Rank on the whole board (ties share a rank)." }),
  tied: z.boolean().meta({ description: "Statistically tied with a neighbour (overlapping 95% intervals)." }),
  id: z.string(),
  status: z.literal("approved").meta({ description: "Ranked entries are approved; withdrawn ones are listed under `withdrawn` (status=withdrawn)." }),
  methodName: z.string(),
  organization: z.string().nullable(),
  modality: z.string().nullable(),
  backbone: z.string().nullable(),
  isBaseline: z.boolean(),
  verified: z.boolean().meta({ description: "Scored against the official answer key." }),
  createdAt: dateTime,
  answered: z.int().min(0),
  attempts: attemptsSchema,
  overall: scoreCellSchema,
  mainTypes: z.partialRecord(z.enum(MAIN_TYPES), scoreCellSchema),
  categories: z.partialRecord(z.enum(CATEGORY_CODES), scoreCellSchema),
  scopeRank: z.strictObject({ scope: z.string(), rank: rankSchema, tied: z.boolean() }).optional().meta({ description: "Rank within the main type or category sorted by." }),
});

export const leaderboardJsonSchema = z.strictObject({
  scorerVersion: z.string(),
  generatedAt: dateTime,
  split: boardSplitSchema,
  metric: boardMetricSchema,
  aggregate: aggregateSchema,
  filters: z.strictObject({ q: z.string().nullable(), modality: modalityFilterSchema, baselines: baselinesFilterSchema, verified: z.boolean(), sort: z.string().nullable(), status: statusFilterSchema }),
  total: z.int().min(0),
  entries: z.array(leaderboardEntrySchema),
  references: z.array(referenceRowSchema).meta({ description: "Trivial reference systems (always-refuse, echo-question, empty) under the same scorer version and answer key; not ranked, lexical metrics only (empty for the judge)." }),
  withdrawn: z.array(tombstoneSchema).meta({ description: "Entries taken off the board (status=withdrawn only; empty otherwise)." }),
});
export type LeaderboardJson = z.infer<typeof leaderboardJsonSchema>;

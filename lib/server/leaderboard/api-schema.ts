import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring";
import { scoreCellSchema } from "../scores/score-rows";
import { aggregateSchema, baselinesFilterSchema, boardMetricSchema, boardSplitSchema, modalityFilterSchema } from "./params";

// The JSON of GET /api/v1/leaderboard: leaderboardJson (./export.ts) is typed by this schema, the
// OpenAPI document is generated from it, and a test parses real responses with it.

const rankSchema = z.int().min(1);
const dateTime = z.string().meta({ format: "date-time" });

export const leaderboardEntrySchema = z.strictObject({
  rank: rankSchema.meta({ description: "Rank on the whole board (ties share a rank)." }),
  tied: z.boolean().meta({ description: "Statistically tied with a neighbour (overlapping 95% intervals)." }),
  id: z.string(),
  methodName: z.string(),
  organization: z.string().nullable(),
  modality: z.string().nullable(),
  backbone: z.string().nullable(),
  isBaseline: z.boolean(),
  verified: z.boolean().meta({ description: "Scored against the official answer key." }),
  createdAt: dateTime,
  answered: z.int().min(0),
  overall: scoreCellSchema,
  mainTypes: z.partialRecord(z.enum(MAIN_TYPES), scoreCellSchema),
  categories: z.partialRecord(z.enum(CATEGORY_CODES), scoreCellSchema),
  scopeRank: z.strictObject({ scope: z.string(), rank: rankSchema, tied: z.boolean() }).optional().meta({ description: "Rank within the main type or category sorted by." }),
});

export const answerKeyInfoSchema = z
  .strictObject({ label: z.string(), contentSha256: z.string(), questionCount: z.int().min(0), importedAt: dateTime })
  .meta({ description: "The answer key the scorer version names (its `+key=` part): every number in the response was computed against it." });

export const leaderboardJsonSchema = z.strictObject({
  scorerVersion: z.string().meta({ description: "The published scorer version: lexical version, answer key (`+key=<8 hex>`) and judge. Every entry's numbers belong to it." }),
  answerKey: answerKeyInfoSchema.nullable(),
  notRescored: z
    .array(z.strictObject({ id: z.string(), methodName: z.string(), status: z.literal("not-rescored") }))
    .meta({ description: "Approved entries not re-scored yet under this scorer version (e.g. after a new answer key): not ranked, and no numbers of another version are shown." }),
  generatedAt: dateTime,
  split: boardSplitSchema,
  metric: boardMetricSchema,
  aggregate: aggregateSchema,
  filters: z.strictObject({ q: z.string().nullable(), modality: modalityFilterSchema, baselines: baselinesFilterSchema, verified: z.boolean(), sort: z.string().nullable() }),
  total: z.int().min(0),
  entries: z.array(leaderboardEntrySchema),
});
export type LeaderboardJson = z.infer<typeof leaderboardJsonSchema>;

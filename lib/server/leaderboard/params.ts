import "server-only";
import { z } from "zod";
import { LEXICAL_METRICS, SPLITS } from "@/lib/scoring";
import { MODALITIES } from "@/lib/validation/submission-meta";
import { TRACKS } from "@/lib/validation/tracks";
import { BACKBONES, backboneKey, OTHER_BACKBONE } from "@/lib/validation/backbones";

// The API's OpenAPI document is generated from these schemas.
export const boardSplitSchema = z.enum(["overall", ...SPLITS]);
export const boardMetricSchema = z.enum([...LEXICAL_METRICS, "judge"]);
export type BoardMetric = z.infer<typeof boardMetricSchema>;
/** The metric every page opens on (board, entry, compare), so a visitor sees one number per entry. */
export const DEFAULT_METRIC: BoardMetric = "f1";

/** The requested metric if the entry has it, else the default, else the first it has. */
export function entryMetric(available: readonly BoardMetric[], requested: unknown): BoardMetric {
  const asked = available.find((m) => m === requested);
  return asked ?? (available.includes(DEFAULT_METRIC) ? DEFAULT_METRIC : (available[0] ?? DEFAULT_METRIC));
}
export const aggregateSchema = z.enum(["micro", "macro"]);
export const modalityFilterSchema = z.enum(["all", ...MODALITIES]);
export const baselinesFilterSchema = z.enum(["include", "exclude", "only"]);
export const backboneFilterSchema = z.preprocess(
  (v) => (typeof v === "string" ? (backboneKey(v) ?? undefined) : v),
  z.enum([...BACKBONES, OTHER_BACKBONE]).optional(),
);
export const statusFilterSchema = z.enum(["approved", "withdrawn"]);
export const trackSchema = z.enum(TRACKS);

// Unknown values fall back to defaults so that a hand-edited link still renders.
export const leaderboardParamsSchema = z.object({
  track: trackSchema.catch("memory").default("memory").meta({
    description:
      "Track ranked: memory (default), full-context or oracle-evidence. Each is ranked on its own; the memory view lists the other tracks' entries as unranked reference lines (`trackReferences`).",
  }),
  split: boardSplitSchema.catch("overall").default("overall").meta({ description: "Split tab." }),
  metric: boardMetricSchema
    .catch(DEFAULT_METRIC)
    .default(DEFAULT_METRIC)
    .meta({ description: "Metric (judge only when a judge is configured)." }),
  aggregate: aggregateSchema
    .catch("micro")
    .default("micro")
    .meta({ description: "Mean over questions (micro) or over categories (macro)." }),
  sort: z
    .string()
    .trim()
    .max(20)
    .regex(/^-?[A-Za-z0-9_]+$/)
    .optional()
    .catch(undefined)
    .meta({
      description:
        "Column key (rank, method, org, value, answered, date, refusalRate, overRefusalRate, recallAt5, RECALL|REASONING|APPLICATION, a category code); '-' = descending. Sorting by a scope adds scopeRank.",
    }),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .meta({ description: "Case-insensitive search in method name and organization." }),
  modality: modalityFilterSchema.catch("all").default("all").meta({ description: "Input modality filter." }),
  baselines: baselinesFilterSchema.catch("include").default("include").meta({ description: "Baseline rows." }),
  backbone: backboneFilterSchema.catch(undefined).meta({
    description:
      'Backbone model: an entry of the maintained list (lib/validation/backbones.ts) or "other"; any spelling of a listed name.',
  }),
  verified: z
    .boolean()
    .catch(false)
    .default(false)
    .meta({ description: "1 = only entries scored against the official answer key." }),
  status: statusFilterSchema.catch("approved").default("approved").meta({
    description:
      "approved = the ranked board; withdrawn = the tombstones of entries withdrawn or unpublished (in `withdrawn`, no ranked entries).",
  }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .catch(1)
    .default(1)
    .meta({ description: "Page of the board (pages only; the API returns every entry)." }),
});
export type LeaderboardParams = z.infer<typeof leaderboardParamsSchema>;

/** Render cost grows with rows; the API and exports return every entry. */
export const PAGE_SIZE = 25;

export function parseLeaderboardParams(raw: Record<string, string | string[] | undefined>): LeaderboardParams {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const verified = first(raw.verified);
  return leaderboardParamsSchema.parse({
    track: first(raw.track),
    split: first(raw.split),
    metric: first(raw.metric),
    aggregate: first(raw.aggregate),
    sort: first(raw.sort) || undefined,
    q: first(raw.q) || undefined,
    modality: first(raw.modality),
    baselines: first(raw.baselines),
    backbone: first(raw.backbone) || undefined,
    verified: verified === "1" || verified === "true" || verified === "on",
    page: first(raw.page),
    status: first(raw.status),
  });
}

/** Only the non-default view state. */
export function viewQuery(p: LeaderboardParams, opts: { page?: boolean } = {}): string {
  const sp = new URLSearchParams();
  if (p.track !== "memory") sp.set("track", p.track);
  if (p.split !== "overall") sp.set("split", p.split);
  if (p.metric !== DEFAULT_METRIC) sp.set("metric", p.metric);
  if (p.aggregate !== "micro") sp.set("aggregate", p.aggregate);
  if (p.sort) sp.set("sort", p.sort);
  if (p.q) sp.set("q", p.q);
  if (p.modality !== "all") sp.set("modality", p.modality);
  if (p.baselines !== "include") sp.set("baselines", p.baselines);
  if (p.backbone) sp.set("backbone", p.backbone);
  if (p.verified) sp.set("verified", "1");
  if (p.status !== "approved") sp.set("status", p.status);
  if (opts.page !== false && p.page > 1) sp.set("page", String(p.page));
  return sp.toString();
}

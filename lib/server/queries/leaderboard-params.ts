import { z } from "zod";

// Leaderboard view state lives in the URL; unknown values fall back to defaults instead of erroring
// so that a hand-edited link still renders.
export const leaderboardParamsSchema = z.object({
  split: z.enum(["overall", "dyadic", "multi-party"]).catch("overall").default("overall"),
  metric: z.enum(["f1", "bleu1", "precision", "recall", "judge"]).catch("f1").default("f1"),
  aggregate: z.enum(["micro", "macro"]).catch("micro").default("micro"),
  sort: z.string().trim().max(20).regex(/^-?[A-Za-z0-9_]+$/).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
});
export type LeaderboardParams = z.infer<typeof leaderboardParamsSchema>;

export function parseLeaderboardParams(raw: Record<string, string | string[] | undefined>): LeaderboardParams {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return leaderboardParamsSchema.parse({
    split: first(raw.split),
    metric: first(raw.metric),
    aggregate: first(raw.aggregate),
    sort: first(raw.sort) || undefined,
    q: first(raw.q) || undefined,
  });
}

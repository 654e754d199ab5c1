import type { LeaderboardEntry } from "@/lib/server/leaderboard/ranked-board";

/** A ranked memory-track board row for component and view tests: one run, no profile, `extra` on top. */
export const boardEntry = (id: string, rank: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank,
  tied: false,
  id,
  status: "approved",
  attempts: null,
  methodName: `Method ${id}`,
  organization: null,
  modality: null,
  backbone: null,
  track: "memory",
  contextTopK: null,
  contextTokens: null,
  isBaseline: false,
  createdAt: "2026-01-01T00:00:00Z",
  answered: 100,
  overall: { value: 0.5, ciLow: 0.45, ciHigh: 0.55, n: 100 },
  mainTypes: {},
  categories: {},
  refusalRate: null,
  overRefusalRate: null,
  runs: 1,
  flipRate: null,
  tier: "uploaded",
  ...extra,
});

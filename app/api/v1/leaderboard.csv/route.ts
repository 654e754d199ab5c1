import { route } from "@/lib/server/http";
import { leaderboardResponse } from "@/lib/server/exports/export";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";

export const GET = route(async (req) =>
  leaderboardResponse(req, parseLeaderboardParams(Object.fromEntries(new URL(req.url).searchParams)), "csv"),
);

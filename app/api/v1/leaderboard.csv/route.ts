import { route } from "@/lib/server/http";
import { leaderboardResponse } from "@/lib/server/queries/leaderboard-export";
import { parseLeaderboardParams } from "@/lib/server/queries/leaderboard-params";

export const GET = route(async (req) => leaderboardResponse(req, parseLeaderboardParams(Object.fromEntries(new URL(req.url).searchParams)), "csv"));

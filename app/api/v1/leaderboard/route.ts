import { json, route } from "@/lib/server/http";
import { getLeaderboard } from "@/lib/server/queries/leaderboard";
import { parseLeaderboardParams } from "@/lib/server/queries/leaderboard-params";

export const GET = route(async (req) => {
  const params = parseLeaderboardParams(Object.fromEntries(new URL(req.url).searchParams));
  const { scorerVersion, generatedAt, entries } = await getLeaderboard(params);
  return json({ scorerVersion, generatedAt, split: params.split, metric: params.metric, aggregate: params.aggregate, entries }, {
    headers: { "cache-control": "public, max-age=15" },
  });
});

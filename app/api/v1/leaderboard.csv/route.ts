import { stringify } from "csv-stringify/sync";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { route } from "@/lib/server/http";
import { getLeaderboard } from "@/lib/server/queries/leaderboard";
import { parseLeaderboardParams } from "@/lib/server/queries/leaderboard-params";

export const GET = route(async (req) => {
  const params = parseLeaderboardParams(Object.fromEntries(new URL(req.url).searchParams));
  const { scorerVersion, entries } = await getLeaderboard(params);
  const scopes = [...MAIN_TYPES, ...CATEGORY_CODES];
  const header = ["rank", "tied", "id", "methodName", "organization", "modality", "isBaseline", "value", "ciLow", "ciHigh", "n", "answered", ...scopes, "scorerVersion"];
  const rows = entries.map((e) => [
    e.rank, e.tied, e.id, e.methodName, e.organization ?? "", e.modality ?? "", e.isBaseline,
    e.overall.value, e.overall.ciLow ?? "", e.overall.ciHigh ?? "", e.overall.n, e.answered,
    ...scopes.map((s) => (MAIN_TYPES as readonly string[]).includes(s) ? e.mainTypes[s as (typeof MAIN_TYPES)[number]]?.value ?? "" : e.categories[s as (typeof CATEGORY_CODES)[number]]?.value ?? ""),
    scorerVersion,
  ]);
  const body = stringify([header, ...rows]);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="h2hmem-leaderboard-${params.split}-${params.metric}-${params.aggregate}.csv"`,
      "cache-control": "public, max-age=15",
    },
  });
});

import { route } from "@/lib/server/http";
import { conditional, etagged } from "@/lib/server/exports/export";
import { publicOrigin } from "@/lib/server/leaderboard/share";
import { llmsFullText } from "@/lib/server/agents/llms-text";
import { publicGetPaths } from "@/lib/server/agents/api-paths";
import { OPENAPI } from "@/app/api/v1/openapi.json/spec";

// The long form of /llms.txt: format, categories, limits, metrics, API, MCP tools and citation.
export const GET = route(async (req) => {
  const text = await llmsFullText({ origin: publicOrigin(req.headers), apiPaths: publicGetPaths(OPENAPI.paths) });
  return conditional(req, etagged(text), "text/plain; charset=utf-8", { "cache-control": "public, max-age=300" });
});

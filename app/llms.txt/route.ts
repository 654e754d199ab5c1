import { route } from "@/lib/server/http";
import { conditional, etagged } from "@/lib/server/exports/export";
import { publicOrigin } from "@/lib/server/leaderboard/share";
import { llmsText } from "@/lib/server/agents/llms-text";
import { publicGetPaths } from "@/lib/server/agents/api-paths";
import { OPENAPI } from "@/app/api/v1/openapi.json/spec";

// https://llmstxt.org: the site's index for language models, in the deployment's own origin.
export const GET = route(async (req) => {
  const text = await llmsText({ origin: publicOrigin(req.headers), apiPaths: publicGetPaths(OPENAPI.paths) });
  return conditional(req, etagged(text), "text/plain; charset=utf-8", { "cache-control": "public, max-age=300" });
});

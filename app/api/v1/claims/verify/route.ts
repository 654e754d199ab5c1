import { json, route } from "@/lib/server/http";
import { parseQuery } from "@/lib/server/query";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { claimQuerySchema } from "@/lib/server/history/history-schema";
import { verifyClaim } from "@/lib/server/history/rank-history";

export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  return json(await verifyClaim(parseQuery(claimQuerySchema, req.url)), {
    headers: { "cache-control": "public, max-age=60" },
  });
});

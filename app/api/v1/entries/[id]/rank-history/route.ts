import { json, route } from "@/lib/server/http";
import { parseQuery } from "@/lib/server/query";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { rankHistoryQuerySchema } from "@/lib/server/history/history-schema";
import { rankHistory } from "@/lib/server/history/rank-history";

export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const q = parseQuery(rankHistoryQuerySchema, req.url);
  const { id } = await params;
  return json(await rankHistory(id, q), { headers: { "cache-control": "public, max-age=60" } });
});

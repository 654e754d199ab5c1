import { route } from "@/lib/server/http";
import { parseQuery } from "@/lib/server/query";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { boardFeed, feedQuerySchema } from "@/lib/server/history/board-feed";
import { conditional, etagged } from "@/lib/server/exports/export";
import { publicOrigin } from "@/lib/server/leaderboard/share";

// Public Atom feed of board changes (?event=new-best&split=&category=&metric= for new rank-1 moments).
export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  const q = parseQuery(feedQuerySchema, req.url);
  const xml = await boardFeed(q, publicOrigin(req.headers), new URL(req.url).searchParams.toString());
  return conditional(req, etagged(xml), "application/atom+xml; charset=utf-8", {
    "cache-control": "public, max-age=300",
  });
});

import { route } from "@/lib/server/http";
import { parseQuery } from "@/lib/server/query";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { boardFeed, feedQuerySchema } from "@/lib/server/history/board-feed";
import { conditional, etagged } from "@/lib/server/exports/export";
import { publicOrigin } from "@/lib/server/leaderboard/share";
import { disputeFeedItems } from "@/lib/server/disputes/dispute-views";

// Public Atom feed of board changes and dispute steps (?event=new-best&split=&category=&metric= for new rank-1 moments).
export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  const q = parseQuery(feedQuerySchema, req.url);
  const disputes = q.event === "all" ? await disputeFeedItems() : [];
  const xml = await boardFeed(q, publicOrigin(req.headers), new URL(req.url).searchParams.toString(), disputes);
  return conditional(req, etagged(xml), "application/atom+xml; charset=utf-8", {
    "cache-control": "public, max-age=300",
  });
});

import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntry } from "@/lib/server/leaderboard/entries";
import { conditional, etagged } from "@/lib/server/leaderboard/export";

// Public, rate-limited per client address, and cacheable with an ETag (304 on If-None-Match).
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  return conditional(req, etagged(JSON.stringify(await getPublicEntry(id))), "application/json; charset=utf-8");
});

import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { BADGE_CACHE_SECONDS, entryBadge } from "@/lib/server/exports/badge";
import { conditional, etagged } from "@/lib/server/exports/export";

// Public Shields endpoint badge; shared caches (and Shields itself) keep it for a few minutes.
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  return conditional(req, etagged(JSON.stringify(await entryBadge(id))), "application/json; charset=utf-8", {
    "cache-control": `public, max-age=${BADGE_CACHE_SECONDS}, s-maxage=${BADGE_CACHE_SECONDS}`,
    "access-control-allow-origin": "*",
  });
});

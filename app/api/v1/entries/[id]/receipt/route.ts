import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { entryReceipt } from "@/lib/server/exports/receipt";
import { publicOrigin } from "@/lib/server/leaderboard/share";

// The entry's signed score receipt, a compact JWS (docs/TRUST.md); signed per request, so not cached.
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  const jws = await entryReceipt(id, publicOrigin(req.headers));
  return new Response(jws, {
    headers: { "content-type": "application/jose", "cache-control": "no-store", "access-control-allow-origin": "*" },
  });
});

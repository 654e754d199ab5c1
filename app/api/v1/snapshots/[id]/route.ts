import { json, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getSnapshot } from "@/lib/server/history/snapshots";

// Immutable: cacheable for as long as anyone likes.
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  return json(await getSnapshot(id), { headers: { "cache-control": "public, max-age=31536000, immutable" } });
});

import { json, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { listSnapshots } from "@/lib/server/history/snapshots";

export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  return json({ snapshots: await listSnapshots() });
});

import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntry } from "@/lib/server/leaderboard/entries";
import { eeeDocument } from "@/lib/server/exports/eee-export";
import { eeeSamples } from "@/lib/server/exports/eee-instances";
import { conditional, etagged } from "@/lib/server/exports/export";
import { publicOrigin } from "@/lib/server/leaderboard/share";

export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const entry = await getPublicEntry((await params).id);
  const samples = entry.publicPredictions ? await eeeSamples(entry) : undefined;
  const doc = eeeDocument(entry, publicOrigin(req.headers), samples);
  return conditional(req, etagged(JSON.stringify(doc, null, 2)), "application/json; charset=utf-8", {
    "content-disposition": `inline; filename="h2hmem-${entry.id}.eee.json"`,
  });
});

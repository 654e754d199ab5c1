import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntry } from "@/lib/server/leaderboard/entries";
import { eeeSamples } from "@/lib/server/exports/eee-instances";
import { conditional, etagged } from "@/lib/server/exports/export";

// The EEE instance-level records of an approved entry with public predictions (404 otherwise).
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const entry = await getPublicEntry((await params).id);
  const { jsonl } = await eeeSamples(entry);
  return conditional(req, etagged(jsonl), "application/x-ndjson; charset=utf-8", {
    "content-disposition": `inline; filename="h2hmem-${entry.id}.eee-samples.jsonl"`,
  });
});

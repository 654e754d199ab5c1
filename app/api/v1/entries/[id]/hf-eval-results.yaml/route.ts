import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntry } from "@/lib/server/leaderboard/entries";
import { conditional, etagged } from "@/lib/server/exports/export";
import { hfEvalResultsYaml } from "@/lib/server/exports/hf-eval-results";
import { publicOrigin } from "@/lib/server/leaderboard/share";

export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const entry = await getPublicEntry((await params).id);
  return conditional(
    req,
    etagged(hfEvalResultsYaml(entry, publicOrigin(req.headers))),
    "application/yaml; charset=utf-8",
  );
});

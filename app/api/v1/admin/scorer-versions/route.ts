import { json, requireApiAdmin, route } from "@/lib/server/http";
import { listScorerVersions } from "@/lib/server/judge/rescore-preview";
import { scorerVersionStatus } from "@/lib/server/queries/scorer-versions";

// The rollout state: the current (deployment's) and the published scorer version with how many
// approved entries each covers, and every version that has scores.
export const GET = route(async (req) => {
  await requireApiAdmin(req);
  const [status, versions] = await Promise.all([scorerVersionStatus(), listScorerVersions()]);
  return json({ ...status, versions });
});

import { json, requireApiAdmin, route } from "@/lib/server/http";
import { listScorerVersions } from "@/lib/server/operations/rank-diff-preview";
import { scorerVersionStatus } from "@/lib/server/versions/version-status";

export const GET = route(async (req) => {
  await requireApiAdmin(req);
  const [status, versions] = await Promise.all([scorerVersionStatus(), listScorerVersions()]);
  return json({ ...status, versions });
});

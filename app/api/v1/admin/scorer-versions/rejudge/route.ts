import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { rejudgeAllApproved, rejudgeAllSchema } from "@/lib/server/operations/rollout";

// `{"dryRun"?: boolean}`: re-score every approved entry without rows under the current scorer
// version (idempotent). 202 when re-scores were enqueued, 200 for a dry run (nothing changed).
export const POST = route(async (req) => {
  const actor = await requireApiAdmin(req);
  const { dryRun } = await parseJsonBody(req, rejudgeAllSchema, 'Send `{}` or `{"dryRun": true}`.');
  return json(await rejudgeAllApproved({ actor, dryRun }), { status: dryRun ? 200 : 202 });
});

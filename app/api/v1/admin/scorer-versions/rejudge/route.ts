import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { rejudgeAllApproved, rejudgeAllSchema } from "@/lib/server/operations/rollout";

// Idempotent; 202 when re-scores were enqueued, 200 for a dry run.
export const POST = route(async (req) => {
  const actor = await requireApiAdmin(req);
  const { dryRun } = await parseJsonBody(req, rejudgeAllSchema, 'Send `{}` or `{"dryRun": true}`.');
  return json(await rejudgeAllApproved({ actor, dryRun }), { status: dryRun ? 200 : 202 });
});

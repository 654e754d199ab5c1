import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { publishScorerVersion, publishSchema } from "@/lib/server/operations/rollout";

// 409 when the version covers fewer approved entries than the published one and force is not set.
export const POST = route(async (req) => {
  const actor = await requireApiAdmin(req);
  const { version, force } = await parseJsonBody(
    req,
    publishSchema,
    'Send `{"version": "<scorer version>", "force": false}`.',
  );
  return json(await publishScorerVersion({ actor, version, force }));
});

import { json, requireApiAdmin, route } from "@/lib/server/http";
import { readJsonBody } from "@/lib/server/json-body";
import { publicDispute } from "@/lib/server/disputes/dispute-views";
import { hideDisputeText } from "@/lib/server/disputes/thread-actions";

export const POST = route<{ disputeId: string }>(async (req, { params }) => {
  const actor = await requireApiAdmin(req);
  const { disputeId } = await params;
  await hideDisputeText({ disputeId, actor, body: await readJsonBody(req, () => ({})) });
  return json(await publicDispute(disputeId));
});

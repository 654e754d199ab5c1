import { json, requireApiCaller, route } from "@/lib/server/http";
import { readJsonBody } from "@/lib/server/json-body";
import { publicDispute } from "@/lib/server/disputes/dispute-views";
import { replyToDispute } from "@/lib/server/disputes/thread-actions";

// The entry owner's right of reply (session, or an API token with the `submit` scope).
export const POST = route<{ id: string; disputeId: string }>(async (req, { params }) => {
  const { user } = await requireApiCaller(req, "submit");
  const { id, disputeId } = await params;
  await replyToDispute({ entryId: id, disputeId, actor: user, body: await readJsonBody(req, () => ({})) });
  return json(await publicDispute(disputeId), { status: 201 });
});

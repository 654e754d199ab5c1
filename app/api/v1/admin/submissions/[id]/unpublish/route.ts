import { json, requireApiAdmin, route } from "@/lib/server/http";
import { unpublishSchema, unpublishSubmission } from "@/lib/server/review/curate";
import { parseJsonBody } from "@/lib/server/json-body";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const { note } = await parseJsonBody(req, unpublishSchema, "Unpublishing needs a public note.");
  return json(await unpublishSubmission({ submissionId: id, actorId: admin.id, note }));
});

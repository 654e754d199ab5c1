import { json, requireApiAdmin, route } from "@/lib/server/http";
import { editMetadata, metadataSchema } from "@/lib/server/review/curate";
import { parseJsonBody } from "@/lib/server/json-body";
import { getReviewDetail } from "@/lib/server/review/review-detail";

export const GET = route<{ id: string }>(async (req, { params }) => {
  await requireApiAdmin(req);
  const { id } = await params;
  return json(await getReviewDetail(id));
});

export const PATCH = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const patch = await parseJsonBody(req, metadataSchema, "Method card is invalid.");
  return json(await editMetadata({ submissionId: id, actorId: admin.id, patch }));
});

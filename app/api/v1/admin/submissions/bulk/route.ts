import { json, requireApiAdmin, route } from "@/lib/server/http";
import { bulkReview, bulkSchema } from "@/lib/server/review/curate";
import { parseJsonBody } from "@/lib/server/json-body";

export const POST = route(async (req) => {
  const admin = await requireApiAdmin(req);
  const body = await parseJsonBody(req, bulkSchema, "Invalid bulk decision.");
  return json(await bulkReview({ actorId: admin.id, ...body }));
});

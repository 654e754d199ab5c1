import { json, requireApiAdmin, route } from "@/lib/server/http";
import { bulkReview, bulkSchema } from "@/lib/server/mutations/decisions";
import { parseJsonBody } from "@/lib/server/mutations/parse-body";

// `{"ids": [...], "decision": "approve" | "reject", "reason"?: "..."}`; one result per id.
export const POST = route(async (req) => {
  const admin = await requireApiAdmin(req);
  const body = await parseJsonBody(req, bulkSchema, "Invalid bulk decision.");
  return json(await bulkReview({ actorId: admin.id, ...body }));
});

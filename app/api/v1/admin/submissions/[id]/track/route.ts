import { json, requireApiAdmin, route } from "@/lib/server/http";
import { setTrack, trackOverrideSchema } from "@/lib/server/review/curate";
import { parseJsonBody } from "@/lib/server/json-body";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const body = await parseJsonBody(
    req,
    trackOverrideSchema,
    'Send `{"track": "memory" | "full-context" | "oracle-evidence", "note": "why"}`.',
  );
  return json(await setTrack({ submissionId: id, actorId: admin.id, ...body }));
});

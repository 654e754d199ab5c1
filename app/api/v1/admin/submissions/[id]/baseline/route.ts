import { json, requireApiAdmin, route } from "@/lib/server/http";
import { baselineSchema, setBaseline } from "@/lib/server/review/curate";
import { parseJsonBody } from "@/lib/server/json-body";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const body = await parseJsonBody(req, baselineSchema, 'Send `{"isBaseline": true | false}`.');
  return json(await setBaseline({ submissionId: id, actorId: admin.id, ...body }));
});

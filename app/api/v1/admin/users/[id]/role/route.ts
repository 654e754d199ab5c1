import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { roleSchema, setUserRole } from "@/lib/server/auth/set-role";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const body = await parseJsonBody(req, roleSchema, 'Send `{"role": "ADMIN" | "SUBMITTER"}`.');
  return json(await setUserRole({ actorId: admin.id, userId: id, ...body }));
});

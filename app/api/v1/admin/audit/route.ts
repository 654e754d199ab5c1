import { json, requireApiAdmin, route } from "@/lib/server/http";
import { auditFilterSchema, listAuditEvents } from "@/lib/server/audit";

export const GET = route(async (req) => {
  await requireApiAdmin(req);
  const filter = auditFilterSchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json({ events: await listAuditEvents(filter) });
});

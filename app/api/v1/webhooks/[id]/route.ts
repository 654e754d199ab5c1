import { json, requireApiUser, route } from "@/lib/server/http";
import { deleteWebhook } from "@/lib/server/notify/endpoints";

export const DELETE = route<{ id: string }>(async (req, { params }) => {
  const user = await requireApiUser(req, "webhooks");
  const { id } = await params;
  return json(await deleteWebhook(user.id, id));
});

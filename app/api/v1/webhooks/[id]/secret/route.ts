import { json, requireApiUser, route } from "@/lib/server/http";
import { rotateWebhookSecret } from "@/lib/server/notify/endpoints";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const user = await requireApiUser(req, "webhooks");
  const { id } = await params;
  return json(await rotateWebhookSecret(user.id, id));
});

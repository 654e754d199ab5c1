import { json, requireApiUser, route } from "@/lib/server/http";
import { sendTestWebhook } from "@/lib/server/notify/endpoints";

// Queues a signed `webhook.test` delivery to the endpoint; its outcome shows in the delivery log.
export const POST = route<{ id: string }>(async (req, { params }) => {
  const user = await requireApiUser(req, "webhooks");
  const { id } = await params;
  return json(await sendTestWebhook(user.id, id), { status: 202 });
});

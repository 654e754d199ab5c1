import { json, requireApiUser, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { createWebhook, listWebhooks, webhookInputSchema } from "@/lib/server/notify/endpoints";
import { WEBHOOK_EVENTS } from "@/lib/server/notify/events-types";

export const POST = route(async (req) => {
  const user = await requireApiUser(req, "webhooks");
  const input = await parseJsonBody(
    req,
    webhookInputSchema,
    `Send \`{"url": "https://…", "events": [${WEBHOOK_EVENTS.map((e) => `"${e}"`).join(", ")}]}\`.`,
  );
  const created = await createWebhook(user.id, input);
  return json(created, { status: 201, headers: { location: `/api/v1/webhooks/${created.id}` } });
});

export const GET = route(async (req) => {
  const user = await requireApiUser(req, "read");
  return json({ webhooks: await listWebhooks(user.id) });
});

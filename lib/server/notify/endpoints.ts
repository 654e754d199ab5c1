import "server-only";
import { z } from "zod";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { consume } from "../rate-limit";
import { TEST_EVENT, WEBHOOK_EVENTS } from "./events-types";
import { dispatchOutbox, recordWebhooks } from "./outbox";
import { newWebhookSecret } from "./signing";
import { assertPublicWebhookUrl } from "./url-guard";

// An account's webhook endpoints: register (the secret is shown once), list with the recent
// delivery log, delete, send a test event. Owner only: anyone else's id is a 404.

const MAX_WEBHOOKS_PER_ACCOUNT = 10;
const LOG_SIZE = 20;

export const webhookInputSchema = z.strictObject({
  url: z.string().trim().min(1, "is required").max(2000, "must be at most 2000 characters"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, "subscribe to at least one event")
    .transform((e) => [...new Set(e)]),
});

export type WebhookDeliveryView = {
  id: string;
  event: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
};
export type WebhookView = {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
  deliveries: WebhookDeliveryView[];
};

export async function createWebhook(
  userId: string,
  input: z.infer<typeof webhookInputSchema>,
): Promise<{ id: string; url: string; events: string[]; secret: string }> {
  await consume("webhook-create", userId);
  const url = (await assertPublicWebhookUrl(input.url)).toString();
  if ((await db.webhookEndpoint.count({ where: { userId } })) >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw new AppError(
      "CONFLICT",
      `An account may register at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhook endpoints; delete one first.`,
    );
  }
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const e = await tx.webhookEndpoint.create({ data: { userId, url, events: input.events, secret } });
    await recordAudit(tx, {
      actor: userId,
      action: "webhook.create",
      target: { type: "WebhookEndpoint", id: e.id },
      details: { url, events: input.events },
    });
    return e;
  });
  return { id: endpoint.id, url, events: input.events, secret };
}

export async function listWebhooks(userId: string): Promise<WebhookView[]> {
  const rows = await db.webhookEndpoint.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { deliveries: { orderBy: { createdAt: "desc" }, take: LOG_SIZE } },
  });
  return rows.map((e) => ({
    id: e.id,
    url: e.url,
    events: e.events as string[],
    createdAt: e.createdAt.toISOString(),
    deliveries: e.deliveries.map((d) => ({
      id: d.id,
      event: d.event!,
      status: d.status === "DONE" ? "DELIVERED" : d.status,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: d.doneAt?.toISOString() ?? null,
    })),
  }));
}

async function ownEndpoint(userId: string, id: string) {
  const e = await db.webhookEndpoint.findFirst({ where: { id, userId }, select: { id: true, url: true } });
  if (!e) throw new AppError("NOT_FOUND", "Webhook not found.");
  return e;
}

export async function deleteWebhook(userId: string, id: string): Promise<{ id: string; deleted: true }> {
  const e = await ownEndpoint(userId, id);
  await db.$transaction([
    db.webhookEndpoint.delete({ where: { id } }),
    recordAudit(db, {
      actor: userId,
      action: "webhook.delete",
      target: { type: "WebhookEndpoint", id },
      details: { url: e.url },
    }),
  ]);
  return { id, deleted: true };
}

/** A new signing secret (shown once); deliveries signed from now on use it. Audited. */
export async function rotateWebhookSecret(userId: string, id: string): Promise<{ id: string; secret: string }> {
  await ownEndpoint(userId, id);
  const secret = newWebhookSecret();
  await db.$transaction([
    db.webhookEndpoint.update({ where: { id }, data: { secret } }),
    recordAudit(db, { actor: userId, action: "webhook.rotate-secret", target: { type: "WebhookEndpoint", id } }),
  ]);
  return { id, secret };
}

/** Queues a `webhook.test` delivery; its outcome appears in the log like any other. */
export async function sendTestWebhook(userId: string, id: string): Promise<{ deliveryId: string }> {
  await ownEndpoint(userId, id);
  await consume("webhook-test", userId);
  const outbox = await recordWebhooks(db, [id], TEST_EVENT, {
    message: "Test delivery from the H2HMem leaderboard.",
    endpointId: id,
  });
  await dispatchOutbox(outbox);
  return { deliveryId: outbox[0]! };
}

import "server-only";
import { createHmac, randomBytes, randomUUID } from "node:crypto";

// Standard Webhooks (https://www.standardwebhooks.com): the secret is "whsec_" + base64 of the
// key bytes; the signature is base64(HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")),
// sent as "v1,<signature>" with the id and the Unix timestamp in seconds.

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString("base64")}`;
export const newMessageId = (): string => `msg_${randomUUID().replaceAll("-", "")}`;

function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export function webhookHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "H2HMem-Webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}

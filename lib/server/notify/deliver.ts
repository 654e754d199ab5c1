import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { db } from "../db";
import { env } from "../env";
import { isAppError } from "../errors";
import { parseWebhookUrl, resolvePublicAddresses } from "./url-guard";
import { webhookHeaders } from "./signing";

// One delivery attempt (run by workers/webhook-worker.ts): POST the signed payload with a hard
// timeout, then log the outcome on its outbox row. A 2xx delivers; anything else throws so BullMQ
// retries with backoff; a URL that is refused now (private address) is permanent.

export class PermanentDeliveryError extends Error {}

const NO_ANSWER = "no answer (the endpoint timed out or the connection failed)";
const REFUSED = "refused: the URL is not a public address (private, loopback or link-local)";

export type AttemptResult = { status: number | null; error: string | null };

/** The URL is checked again here, on the very addresses the connection uses (no DNS rebinding). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolvePublicAddresses(hostname).then(
    (addresses) => {
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (err: Error) => callback(Object.assign(err, { code: "EREFUSED" }), "", 0),
  );
};

function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptResult> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume(); // the answer's body is not read beyond draining it
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? null,
            error: res.statusCode && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`,
          }),
        );
        res.on("error", (e) => resolve({ status: res.statusCode ?? null, error: e.message }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (e) =>
      resolve({
        status: null,
        error: e.name === "AbortError" || e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : e.message,
      }),
    );
    req.end(body);
  });
}

export async function attemptDelivery(deliveryId: string): Promise<"delivered" | "gone"> {
  const d = await db.outboxMessage.findUnique({
    where: { id: deliveryId },
    include: { endpoint: { select: { url: true, secret: true } } },
  });
  if (!d?.endpoint) return "gone"; // endpoint deleted since (cascade)
  if (d.status === "DONE") return "delivered";
  const body = JSON.stringify(d.payload);
  let result: AttemptResult;
  let permanent = false;
  try {
    const url = parseWebhookUrl(d.endpoint.url);
    await resolvePublicAddresses(url.hostname);
    result = await postWebhook(url, webhookHeaders(d.endpoint.secret, d.id, body), body, env.WEBHOOK_TIMEOUT_MS);
  } catch (e) {
    permanent = isAppError(e);
    result = { status: null, error: permanent ? REFUSED : (e as Error).message };
  }
  // The log shown to the account says only "no answer": refused, reset and timed out would let it
  // map which ports of a host are open. The worker's log keeps the full error.
  const shown = result.error === null || permanent || /^HTTP \d+$/.test(result.error) ? result.error : NO_ANSWER;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  await db.outboxMessage.update({
    where: { id: deliveryId },
    data: {
      attempts: { increment: 1 },
      lastStatus: result.status,
      lastError: shown,
      ...(ok ? { status: "DONE", doneAt: new Date() } : permanent ? { status: "FAILED" } : {}),
    },
  });
  if (ok) return "delivered";
  if (permanent) throw new PermanentDeliveryError(result.error ?? "refused");
  throw new Error(result.error ?? "delivery failed");
}

/** The account a delivery belongs to (the worker caps deliveries per account); null once deleted. */
export async function deliveryAccount(deliveryId: string): Promise<string | null> {
  const d = await db.outboxMessage.findUnique({
    where: { id: deliveryId },
    select: { endpoint: { select: { userId: true } } },
  });
  return d?.endpoint?.userId ?? null;
}

/** Retries exhausted: the log says FAILED with the last error. */
export async function markDeliveryFailed(deliveryId: string): Promise<void> {
  await db.outboxMessage.updateMany({
    where: { id: deliveryId, kind: "WEBHOOK", status: "PENDING" },
    data: { status: "FAILED" },
  });
}

import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { logger } from "../logger";
import { siteUrl } from "../mail";
import { newMessageId } from "./signing";
import { enqueueDeliveries } from "./queue";
import { sendEventMail } from "./event-mail";
import type { SubmissionEventData, WebhookEvent } from "./events-types";

// How a submission event reaches its owner: one WebhookDelivery row per subscribed endpoint,
// enqueued after the rows commit, and an e-mail unless the owner opted out. Called after the
// state change committed, so nobody hears of a change that rolled back.


export async function submissionEventData(submissionId: string): Promise<{ userId: string; data: SubmissionEventData } | null> {
  const s = await db.submission.findUnique({ where: { id: submissionId }, select: { userId: true, methodName: true, status: true, reviewState: true, reviewReason: true, failureReason: true } });
  if (!s) return null;
  return {
    userId: s.userId,
    data: {
      submissionId,
      methodName: s.methodName,
      status: s.status,
      reviewState: s.reviewState,
      reason: s.status === "FAILED" ? s.failureReason : s.reviewReason,
      url: siteUrl(`/submissions/${submissionId}`),
      entryUrl: s.reviewState === "APPROVED" ? siteUrl(`/entries/${submissionId}`) : null,
    },
  };
}

/** Body per Standard Webhooks: `{type, timestamp, data}`. */
export const webhookPayload = (type: string, data: Prisma.InputJsonObject): Prisma.InputJsonObject => ({ type, timestamp: new Date().toISOString(), data });

export async function createDeliveries(endpointIds: string[], type: string, data: Prisma.InputJsonObject): Promise<string[]> {
  const rows = endpointIds.map((endpointId) => ({ id: newMessageId(), endpointId, event: type, payload: webhookPayload(type, data) }));
  if (rows.length) await db.webhookDelivery.createMany({ data: rows });
  return rows.map((r) => r.id);
}

/** Never throws: a notification problem must not undo or fail the change it reports. */
export async function emitSubmissionEvent(submissionId: string, event: WebhookEvent): Promise<void> {
  try {
    const found = await submissionEventData(submissionId);
    if (!found) return;
    const endpoints = await db.webhookEndpoint.findMany({ where: { userId: found.userId, events: { array_contains: [event] } }, select: { id: true } });
    await enqueueDeliveries(await createDeliveries(endpoints.map((e) => e.id), event, found.data));
    await sendEventMail(found.userId, event, found.data);
  } catch (err) {
    logger.error({ err, submissionId, event }, "webhook event not recorded");
  }
}

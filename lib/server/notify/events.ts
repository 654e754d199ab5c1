import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { siteUrl } from "../mail";
import { submitterFailureReason } from "../submissions/submission-views";
import { recordMail, mergeOutbox, type Outbox } from "./outbox-record";
import { newMessageId } from "./signing";
import { composeEventMail } from "./event-mail";
import type { SubmissionEventData, WebhookEvent } from "./events-types";

// How a submission event reaches its owner: one WebhookDelivery row (PENDING) per subscribed
// endpoint and an e-mail outbox row unless the owner opted out, all written in the transaction
// of the state change (a rollback takes them along, a commit keeps them even if the process dies
// next). The caller hands the returned Outbox to dispatchOutbox after the commit.

async function submissionEventData(
  tx: Prisma.TransactionClient,
  submissionId: string,
): Promise<{ userId: string; data: SubmissionEventData } | null> {
  const s = await tx.submission.findUnique({
    where: { id: submissionId },
    select: { userId: true, methodName: true, status: true, reviewState: true, reviewReason: true, failureStage: true },
  });
  if (!s) return null;
  return {
    userId: s.userId,
    data: {
      submissionId,
      methodName: s.methodName,
      status: s.status,
      reviewState: s.reviewState,
      // Never the stored exception text (hosts, paths, database details): a generic reason that
      // quotes the submission id, which finds the full text in the logs and for admins.
      reason: s.status === "FAILED" ? submitterFailureReason(s.failureStage, submissionId) : s.reviewReason,
      url: siteUrl(`/submissions/${submissionId}`),
      entryUrl: s.reviewState === "APPROVED" ? siteUrl(`/entries/${submissionId}`) : null,
    },
  };
}

/** Body per Standard Webhooks: `{type, timestamp, data}`. */
export const webhookPayload = (type: string, data: Prisma.InputJsonObject): Prisma.InputJsonObject => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

export async function createDeliveries(
  tx: Prisma.TransactionClient,
  endpointIds: string[],
  type: string,
  data: Prisma.InputJsonObject,
): Promise<string[]> {
  const rows = endpointIds.map((endpointId) => ({
    id: newMessageId(),
    endpointId,
    event: type,
    payload: webhookPayload(type, data),
  }));
  if (rows.length) await tx.webhookDelivery.createMany({ data: rows });
  return rows.map((r) => r.id);
}

/** Call inside the transaction that made the change; reads the submission as the change left it. */
export async function recordSubmissionEvent(
  tx: Prisma.TransactionClient,
  submissionId: string,
  event: WebhookEvent,
): Promise<Outbox> {
  const found = await submissionEventData(tx, submissionId);
  if (!found) return { deliveryIds: [], messageIds: [] };
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { userId: found.userId, events: { array_contains: [event] } },
    select: { id: true },
  });
  const deliveryIds = await createDeliveries(
    tx,
    endpoints.map((e) => e.id),
    event,
    found.data,
  );
  const mail = await composeEventMail(tx, found.userId, event, found.data);
  return mergeOutbox(
    { deliveryIds, messageIds: [] },
    mail ? await recordMail(tx, mail) : { deliveryIds: [], messageIds: [] },
  );
}

import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { siteUrl } from "../mail";
import { submitterFailureReason } from "../submissions/submission-views";
import { recordMail, recordWebhooks, type Outbox } from "./outbox";
import { composeEventMail } from "./event-mail";
import type { SubmissionEventData, WebhookEvent } from "./events-types";

// How a submission event reaches its owner: through the outbox (outbox.ts), one webhook delivery
// per subscribed endpoint and an e-mail unless the owner opted out, written in the transaction of
// the state change. The caller hands the returned Outbox to dispatchOutbox after the commit.

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

/** Call inside the transaction that made the change; reads the submission as the change left it. */
export async function recordSubmissionEvent(
  tx: Prisma.TransactionClient,
  submissionId: string,
  event: WebhookEvent,
  extra: Partial<SubmissionEventData> = {},
): Promise<Outbox> {
  const base = await submissionEventData(tx, submissionId);
  if (!base) return [];
  const found = { ...base, data: { ...base.data, ...extra } };
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { userId: found.userId, events: { array_contains: [event] } },
    select: { id: true },
  });
  const webhooks = await recordWebhooks(
    tx,
    endpoints.map((e) => e.id),
    event,
    found.data,
  );
  return [...webhooks, ...(await recordMail(tx, await composeEventMail(tx, found.userId, event, found.data)))];
}

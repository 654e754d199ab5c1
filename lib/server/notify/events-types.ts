import "server-only";
import type { Prisma } from "@/generated/prisma/client";

// The submission events an account can subscribe to (webhooks) or get e-mail for.
export const WEBHOOK_EVENTS = [
  "submission.scored",
  "submission.failed",
  "submission.approved",
  "submission.rejected",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by POST /api/v1/webhooks/{id}/test. */
export const TEST_EVENT = "webhook.test";

export type SubmissionEventData = Prisma.InputJsonObject & {
  submissionId: string;
  methodName: string;
  status: string;
  reviewState: string;
  reason: string | null;
  url: string;
  entryUrl: string | null;
};

import "server-only";
import type { Prisma } from "@/generated/prisma/client";

// The events an account can subscribe to (webhooks) or get e-mail for: its submissions' progress, and a
// dispute opened on one of its entries (lib/server/disputes/).
export const WEBHOOK_EVENTS = [
  "submission.scored",
  "submission.failed",
  "submission.approved",
  "submission.rejected",
  "entry.disputed",
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
  /** entry.disputed only: the dispute opened (its thread is at `url`). */
  dispute?: { id: string; type: string; url: string };
};

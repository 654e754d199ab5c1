import "server-only";
import { z } from "zod";
import { db } from "../db";
import type { Prisma } from "@/generated/prisma/client";
import { mailConfigured, type Mail } from "../mail";
import { WEBHOOK_EVENTS, type SubmissionEventData, type WebhookEvent } from "./events-types";

// E-mail on the same submission events as webhooks, through the deployment's SMTP settings
// (SMTP_URL, MAIL_FROM; without them nothing is sent), recorded as an outbox row with the change
// (lib/server/outbox/). On by default; an account opts out per
// event type (User.mailOptOut, on /settings/webhooks).

const SUBJECT: Record<WebhookEvent, (m: string) => string> = {
  "submission.scored": (m) => `Scored: ${m}`,
  "submission.failed": (m) => `Scoring failed: ${m}`,
  "submission.approved": (m) => `Approved and on the leaderboard: ${m}`,
  "submission.rejected": (m) => `Not approved: ${m}`,
};

const optOutSchema = z.array(z.enum(WEBHOOK_EVENTS)).catch([]);

export async function mailOptOut(userId: string): Promise<WebhookEvent[]> {
  const u = await db.user.findUnique({ where: { id: userId }, select: { mailOptOut: true } });
  return optOutSchema.parse(u?.mailOptOut ?? []);
}

/** Saves which events the account still wants e-mail for (everything else is opted out). */
export async function setMailEvents(userId: string, wanted: readonly string[]): Promise<WebhookEvent[]> {
  const optOut = WEBHOOK_EVENTS.filter((e) => !wanted.includes(e));
  await db.user.update({ where: { id: userId }, data: { mailOptOut: optOut } });
  return optOut;
}

/**
 * The mail for one event, or null when SMTP is not configured or the account opted out. Read
 * through the caller's transaction client, so it is recorded with the change it reports.
 */
export async function composeEventMail(client: Prisma.TransactionClient, userId: string, event: WebhookEvent, data: SubmissionEventData): Promise<Mail | null> {
  if (!mailConfigured()) return null;
  const u = await client.user.findUnique({ where: { id: userId }, select: { email: true, mailOptOut: true } });
  if (!u || optOutSchema.parse(u.mailOptOut).includes(event)) return null;
  const lines = [
    `${SUBJECT[event](data.methodName)}.`,
    ...(data.reason ? ["", `Reason: ${data.reason}`] : []),
    "",
    `Submission: ${data.url}`,
    ...(data.entryUrl ? [`Leaderboard entry: ${data.entryUrl}`] : []),
    "",
    "You get this because of your notification settings; change them at the settings page (Webhooks and e-mail).",
  ];
  return { to: u.email, subject: `[H2HMem] ${SUBJECT[event](data.methodName)}`, text: lines.join("\n") };
}

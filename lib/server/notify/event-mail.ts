import "server-only";
import { z } from "zod";
import { db } from "../db";
import type { Prisma } from "@/generated/prisma/client";
import { mailConfigured, type Mail } from "../mail";
import { mailTranslator, userLocale } from "../mail-locale";
import { WEBHOOK_EVENTS, type SubmissionEventData, type WebhookEvent } from "./events-types";

// E-mail on the same submission events as webhooks, through the deployment's SMTP settings
// (SMTP_URL, MAIL_FROM; without them nothing is sent), recorded as an outbox row with the change
// (lib/server/notify/). On by default; an account opts out per
// event type (User.mailOptOut, on /settings/webhooks). In the account's language (User.locale).

const SUBJECT_KEY = {
  "submission.scored": "scored",
  "submission.failed": "failed",
  "submission.approved": "approved",
  "submission.rejected": "rejected",
  "entry.disputed": "disputed",
} as const satisfies Record<WebhookEvent, string>;

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
export async function composeEventMail(
  client: Prisma.TransactionClient,
  userId: string,
  event: WebhookEvent,
  data: SubmissionEventData,
): Promise<Mail | null> {
  if (!mailConfigured()) return null;
  const u = await client.user.findUnique({
    where: { id: userId },
    select: { email: true, mailOptOut: true, locale: true },
  });
  if (!u || optOutSchema.parse(u.mailOptOut).includes(event)) return null;
  const t = await mailTranslator(userLocale(u.locale));
  const subject = t(`eventSubject.${SUBJECT_KEY[event]}`, { method: data.methodName });
  const lines = [
    `${subject}.`,
    ...(data.reason ? ["", t("eventReason", { reason: data.reason })] : []),
    ...(data.dispute ? ["", t("eventDispute", { type: data.dispute.type, url: data.dispute.url })] : []),
    "",
    t("eventSubmission", { url: data.url }),
    ...(data.entryUrl ? [t("eventEntry", { url: data.entryUrl })] : []),
    "",
    t("eventFooter"),
  ];
  return { to: u.email, subject: `[H2HMem] ${subject}`, text: lines.join("\n") };
}

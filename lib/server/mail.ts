import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env";
import { logger } from "./logger";

// Outgoing mail over SMTP (SMTP_URL + MAIL_FROM). Without them nothing is sent and callers
// choose a behaviour that needs no mail (see lib/server/auth/signup.ts).

export type Mail = { to: string; subject: string; text: string };

const globalForMail = globalThis as unknown as { mailTransport?: { url: string; transport: Transporter } };

export function mailConfigured(): boolean {
  return Boolean(env.SMTP_URL && env.MAIL_FROM);
}

function transport(): Transporter {
  const url = env.SMTP_URL!;
  // Rebuilt when the URL changes (tests point it at a fresh loopback server).
  if (globalForMail.mailTransport?.url !== url) {
    globalForMail.mailTransport = { url, transport: nodemailer.createTransport(url) };
  }
  return globalForMail.mailTransport.transport;
}

/** Sends one plain-text mail; returns false on failure, never throws, so an outage cannot reveal whether an account exists. */
export async function sendMail(mail: Mail): Promise<boolean> {
  if (!mailConfigured()) return false;
  try {
    await deliverMail(mail);
    return true;
  } catch (err) {
    logger.error({ err, subject: mail.subject }, "mail delivery failed");
    return false;
  }
}

/** Sends one mail or throws (the outbox retries it); needs mailConfigured(). */
export async function deliverMail(mail: Mail): Promise<void> {
  if (!mailConfigured()) throw new Error("SMTP is not configured (SMTP_URL, MAIL_FROM)");
  await transport().sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
}

/** An absolute link on the public site; mails never use the request's Host header. */
export function siteUrl(pathAndQuery: string): string {
  return new URL(pathAndQuery, env.AUTH_URL ?? `http://localhost:${env.PORT}`).toString();
}

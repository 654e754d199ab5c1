import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env";
import { logger } from "./logger";

export type Mail = { to: string; subject: string; text: string };

const globalForMail = globalThis as unknown as { mailTransport?: { url: string; transport: Transporter } };

export function mailConfigured(): boolean {
  return Boolean(env.SMTP_URL && env.MAIL_FROM);
}

function transport(): Transporter {
  const url = env.SMTP_URL!;
  // Tests point the URL at a fresh loopback server.
  if (globalForMail.mailTransport?.url !== url) {
    globalForMail.mailTransport = { url, transport: nodemailer.createTransport(url) };
  }
  return globalForMail.mailTransport.transport;
}

/** Never throws, so an outage cannot reveal whether an account exists. */
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

/** Throws so the outbox retries. */
export async function deliverMail(mail: Mail): Promise<void> {
  if (!mailConfigured()) throw new Error("SMTP is not configured (SMTP_URL, MAIL_FROM)");
  await transport().sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
}

/** Mails never use the request's Host header. */
export function siteUrl(pathAndQuery: string): string {
  return new URL(pathAndQuery, env.AUTH_URL ?? `http://localhost:${env.PORT}`).toString();
}

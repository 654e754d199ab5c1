import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { siteUrl, type Mail } from "../mail";
import { mailTranslator, type MailTranslator } from "../mail-locale";

// Plain text only: nothing to render, nothing to track.
const footer = (t: MailTranslator) => `\n\n-- \n${t("signature")}\n${t("signupFooter")}`;

export async function confirmationMail(to: string, rawToken: string, locale: Locale): Promise<Mail> {
  const t = await mailTranslator(locale);
  const link = siteUrl(`/signup/confirm?token=${encodeURIComponent(rawToken)}`);
  return { to, subject: t("confirmSubject"), text: t("confirmBody", { link }) + footer(t) };
}

export async function alreadyRegisteredMail(to: string, locale: Locale): Promise<Mail> {
  const t = await mailTranslator(locale);
  return { to, subject: t("alreadySubject"), text: t("alreadyBody", { link: siteUrl("/signin") }) + footer(t) };
}

export async function welcomeMail(to: string, locale: Locale): Promise<Mail> {
  const t = await mailTranslator(locale);
  return { to, subject: t("welcomeSubject"), text: t("welcomeBody", { link: siteUrl("/signin") }) + footer(t) };
}

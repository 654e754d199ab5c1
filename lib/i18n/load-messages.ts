import type { Locale } from "./locales";
import en from "./messages/en.json";

// The English file is the reference shape (key parity with zh.json is tests/unit/i18n/messages.test.ts).
export type Messages = typeof en;

export async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === "zh" ? ((await import("./messages/zh.json")).default as Messages) : en;
}

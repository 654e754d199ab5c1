import { createTranslator } from "next-intl";
import type { Locale } from "./locales";
import { loadMessages, type Messages } from "./load-messages";

/** Outside a page render (mails, workers), where next-intl's request config is absent. */
export async function translator<NS extends keyof Messages>(locale: Locale, namespace: NS) {
  return createTranslator<Messages, NS>({ locale, messages: await loadMessages(locale), namespace, timeZone: "UTC" });
}

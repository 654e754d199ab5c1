import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { clientMessages, type ClientScope } from "@/lib/i18n/client-messages";
import { loadMessages } from "@/lib/i18n/load-messages";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The messages a page's (or a section's) client components ask for. A provider replaces the one
 * above it for its children, so each scope holds the shared namespaces too. Every prop is given
 * explicitly: nothing formats relative times, so `now` is the render's.
 */
export async function ClientMessages({ scope, children }: { scope: ClientScope; children: ReactNode }) {
  const l = (await getLocale()) as Locale;
  return (
    <NextIntlClientProvider
      locale={l}
      messages={clientMessages(await loadMessages(l), scope)}
      timeZone="UTC"
      formats={{}}
      now={new Date()}
    >
      {children}
    </NextIntlClientProvider>
  );
}

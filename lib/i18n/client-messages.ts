// The messages sent to the browser (NextIntlClientProvider): only the namespaces client components
// use. Server components translate on the server, so the board's, entry's, About's and mails'
// texts never need to travel with every page (they made /about 102 KB).
// tests/unit/i18n/client-messages.test.ts fails when a client component uses another namespace.
import type { Messages } from "./load-messages";

export const CLIENT_NAMESPACES = [
  "common",
  "header",
  "errors",
  "validation",
  "auth",
  "submit",
  "submissions",
  "settings",
  "admin",
] as const satisfies ReadonlyArray<keyof Messages>;

export function clientMessages(messages: Messages): Pick<Messages, (typeof CLIENT_NAMESPACES)[number]> {
  return Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]])) as Pick<
    Messages,
    (typeof CLIENT_NAMESPACES)[number]
  >;
}

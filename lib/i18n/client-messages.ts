// Only these namespaces are sent to the browser, so server-only texts don't travel with every page.
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
  "webhookSecret",
  "judgeCard",
  // The board row's Categories panel (rendered when opened).
  "boardRow",
  "intervals",
  "categories",
  "mainTypes",
] as const satisfies ReadonlyArray<keyof Messages>;

export function clientMessages(messages: Messages): Pick<Messages, (typeof CLIENT_NAMESPACES)[number]> {
  return Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]])) as Pick<
    Messages,
    (typeof CLIENT_NAMESPACES)[number]
  >;
}

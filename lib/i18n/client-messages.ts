// The browser gets only the namespaces (or parts of one, "board.table") its client components ask
// for: a page or section its scope's (<ClientMessages scope>). The shell itself has no provider, so a
// page without client translations (the board: its panel gets its wording as props) ships no
// translation library (issue 46).
import type { Messages } from "./load-messages";

/** Shared form parts and messages, in every scope. */
const SHELL = ["common", "header", "errors"] as const;

export const CLIENT_SCOPES = {
  admin: [...SHELL, "admin", "judgeCard", "submissions", "validation"],
  auth: [...SHELL, "auth", "validation"],
  settings: [...SHELL, "settings", "webhookSecret", "submissions", "validation"],
  submissions: [...SHELL, "submissions", "validation", "mainTypes", "categories", "splits"],
  submit: [...SHELL, "submit", "submissions", "validation"],
} as const;
export type ClientScope = keyof typeof CLIENT_SCOPES;

type Tree = { [key: string]: string | Tree };

export function clientMessages(messages: Messages, scope: ClientScope): Partial<Messages> {
  const out: Tree = {};
  for (const path of CLIENT_SCOPES[scope]) {
    const keys = path.split(".");
    let from = messages as unknown as Tree;
    let to = out;
    keys.forEach((k, i) => {
      from = from[k] as Tree;
      to = (to[k] ??= i === keys.length - 1 ? from : {}) as Tree;
    });
  }
  return out as Partial<Messages>;
}

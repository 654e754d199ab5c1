import "server-only";
import { env } from "../env";

// The session cookie belongs to the host it was set on: a visit on 127.0.0.1, a LAN address or
// another name than AUTH_URL's gets a session of its own there, or none at all when AUTH_URL is
// https (Auth.js then sets a Secure cookie, which a browser drops on a plain-http visit).

export type HostCheck =
  | { kind: "same" }
  /** Sign-in works here, for this address only; the deployment's own address is authOrigin. */
  | { kind: "other"; authOrigin: string }
  /** Sign-in cannot keep a session here: sign in at authOrigin. */
  | { kind: "blocked"; authOrigin: string };

const first = (v: string | null) => v?.split(",")[0]?.trim().toLowerCase() || null;

export function hostCheck(authUrl: string | undefined, headers: Headers): HostCheck {
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host"));
  if (!authUrl || !host) return { kind: "same" };
  const own = new URL(authUrl);
  if (host === own.host) return { kind: "same" };
  const proto = first(headers.get("x-forwarded-proto")) ?? "http";
  return { kind: own.protocol === "https:" && proto !== "https" ? "blocked" : "other", authOrigin: own.origin };
}

export const requestHostCheck = (headers: Headers): HostCheck => hostCheck(env.AUTH_URL, headers);

/** Pages that need a session: a visit on another host gets a link to the deployment's address. */
export const SESSION_PATHS = ["/signin", "/signup", "/submit", "/submissions", "/settings", "/admin"];

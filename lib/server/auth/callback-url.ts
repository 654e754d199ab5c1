import "server-only";
import { env } from "../env";

// Stands in for the own origin when AUTH_URL is unset: only relative paths can then resolve to it.
const PLACEHOLDER_ORIGIN = "https://h2hmem.invalid";

// Resolved as browsers do, so tricks a prefix check misses (`/\evil.example`) are refused.
export function safeCallbackPath(raw: unknown): string {
  return resolveCallbackPath(raw, env.AUTH_URL ?? null);
}

export function resolveCallbackPath(raw: unknown, ownOrigin: string | null): string {
  if (typeof raw !== "string" || raw === "") return "/";
  const origin = ownOrigin ? new URL(ownOrigin).origin : PLACEHOLDER_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return "/";
  }
  if (url.origin !== origin || url.username || url.password) return "/";
  // "//" would be read as protocol-relative.
  if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where open-mode sign-up lands: sign-in with the address filled in, then the Submit page. */
export function signedUpPath(email: string): string {
  return `/signin?${new URLSearchParams({ callbackUrl: "/submit", email: email.trim().slice(0, 320), signedUp: "1" })}`;
}

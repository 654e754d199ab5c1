import "server-only";
import { env } from "../env";

// Stands in for the own origin when AUTH_URL is unset: only relative paths can then resolve to it.
const PLACEHOLDER_ORIGIN = "https://h2hmem.invalid";

/**
 * Where to send the browser after sign-in: a path on this site, never another origin.
 * The raw value is resolved with the WHATWG URL parser (the one browsers use), so tricks a
 * prefix check misses (`/\evil.example`, `/%09/evil.example`, `/.//evil.example`) resolve to
 * their real target and are refused. Returns a path (`/…`) or "/".
 */
export function safeCallbackPath(raw: unknown): string {
  return resolveCallbackPath(raw, env.AUTH_URL ?? null);
}

/** safeCallbackPath with the own origin given (null: relative paths only). */
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
  // A path starting with "//" (e.g. from "/.//evil.example" once normalized) would be read as
  // protocol-relative by the browser.
  if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

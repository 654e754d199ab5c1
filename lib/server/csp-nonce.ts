import "server-only";
import { headers } from "next/headers";

// The per-request script nonce proxy.ts puts on the request (and in its Content-Security-Policy).
export const NONCE_HEADER = "x-nonce";

/** This render's nonce, for our own inline scripts. Reading request headers makes the page dynamic, as a nonce needs. */
export async function scriptNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}

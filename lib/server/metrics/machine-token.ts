import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "../env";

// Only METRICS_TOKEN opens /api/metrics and /api/health details; user tokens and sessions never do.

type MachineToken = "off" | "missing" | "invalid" | "ok";

export function machineToken(req: Request): MachineToken {
  const expected = env.METRICS_TOKEN;
  if (!expected) return "off";
  const header = req.headers.get("authorization");
  if (!header) return "missing";
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m && sameToken(m[1]!, expected) ? "ok" : "invalid";
}

function sameToken(given: string, expected: string): boolean {
  // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

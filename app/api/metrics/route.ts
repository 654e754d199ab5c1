import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http";
import { renderMetrics } from "@/lib/server/metrics/registry";

export const dynamic = "force-dynamic";

// Prometheus exposition (docs/OPERATIONS.md). Off unless METRICS_TOKEN is set (then 404, as if
// the route did not exist); a scraper sends `Authorization: Bearer <METRICS_TOKEN>`. User API
// tokens and sessions do not grant access: it is a separate, machine-only credential.

function sameToken(given: string, expected: string): boolean {
  // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const GET = route(async (req) => {
  const expected = env.METRICS_TOKEN;
  if (!expected) throw new AppError("NOT_FOUND", "Not found.");
  const header = req.headers.get("authorization");
  if (!header) throw new AppError("UNAUTHORIZED", "Send `Authorization: Bearer <METRICS_TOKEN>`.");
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m || !sameToken(m[1]!, expected)) throw new AppError("FORBIDDEN", "Invalid metrics token.");
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store", "x-content-type-options": "nosniff" } });
});

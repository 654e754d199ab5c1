import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http";
import { machineToken } from "@/lib/server/metrics/machine-token";
import { renderMetrics } from "@/lib/server/metrics/registry";

export const dynamic = "force-dynamic";

// Prometheus exposition (docs/OPERATIONS.md). Off unless METRICS_TOKEN is set (then 404, as if
// the route did not exist); a scraper sends `Authorization: Bearer <METRICS_TOKEN>`. User API
// tokens and sessions do not grant access: it is a separate, machine-only credential.

export const GET = route(async (req) => {
  const token = machineToken(req);
  if (token === "off") throw new AppError("NOT_FOUND", "Not found.");
  if (token === "missing") throw new AppError("UNAUTHORIZED", "Send `Authorization: Bearer <METRICS_TOKEN>`.");
  if (token === "invalid") throw new AppError("FORBIDDEN", "Invalid metrics token.");
  const { body, contentType } = await renderMetrics();
  return new Response(body, {
    headers: { "content-type": contentType, "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
});

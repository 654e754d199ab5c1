import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http";
import { machineToken } from "@/lib/server/metrics/machine-token";
import { renderMetrics } from "@/lib/server/metrics/registry";

export const dynamic = "force-dynamic";

// Prometheus exposition (docs/OPERATIONS.md): 404 unless METRICS_TOKEN is set; a machine-only credential, not user tokens.

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

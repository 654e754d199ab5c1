import { json, route } from "@/lib/server/http";
import { healthReport } from "@/lib/server/metrics/health";
import { machineToken } from "@/lib/server/metrics/machine-token";

export const dynamic = "force-dynamic";

// Anyone gets the status (lib/server/metrics/health.ts); the details only with the METRICS_TOKEN bearer.
export const GET = route(async (req) => {
  const report = await healthReport();
  const init = { status: report.status === "down" ? 503 : 200 };
  if (machineToken(req) !== "ok") return json({ status: report.status }, init);
  return json(report, init);
});

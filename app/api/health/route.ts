import { json, route } from "@/lib/server/http";
import { healthReport } from "@/lib/server/metrics/health";
import { machineToken } from "@/lib/server/metrics/machine-token";

export const dynamic = "force-dynamic";

// ok / degraded (200), down (503): see lib/server/metrics/health.ts. Anyone gets the status; the
// checks (timings, queue depths, error texts) and `affected` only with `Authorization: Bearer
// <METRICS_TOKEN>`, the monitoring credential.
export const GET = route(async (req) => {
  const report = await healthReport();
  const init = { status: report.status === "down" ? 503 : 200 };
  if (machineToken(req) !== "ok") return json({ status: report.status }, init);
  return json(report, init);
});

import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { decideGoldReport, goldDecisionSchema } from "@/lib/server/review/gold-reports";

// The triage page's decision as an API call (audited; the reporter is notified through the outbox).
export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const decision = await parseJsonBody(
    req,
    goldDecisionSchema,
    'Send {"action": "accept", "correctedAnswer"?: "…"}, {"action": "reject", "reason": "…"} or {"action": "merge", "duplicateOf": "<report id>"}.',
  );
  return json(await decideGoldReport(id, admin.id, decision));
});

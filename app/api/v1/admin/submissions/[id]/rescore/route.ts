import { json, requireApiAdmin, route } from "@/lib/server/http";
import { retrySubmissionStage } from "@/lib/server/mutations/retry";

// Re-runs every stage (e.g. after a scorer version change); rows are written under the current version.
export const POST = route<{ id: string }>(async (req, { params }) => {
  const actor = await requireApiAdmin(req);
  const { id } = await params;
  return json(await retrySubmissionStage({ submissionId: id, stage: "lexical", actor, action: "rescore" }), { status: 202 });
});

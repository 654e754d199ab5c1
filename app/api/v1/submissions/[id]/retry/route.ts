import { json, requireApiUser, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { retrySchema, retrySubmissionStage } from "@/lib/server/submissions/retry-submission";
import { quoteChoices, STAGES } from "@/lib/server/submissions/stages";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const actor = await requireApiUser(req, "submit");
  const { id } = await params;
  const { stage } = await parseJsonBody(req, retrySchema, `Send \`{"stage": ${quoteChoices(STAGES, " | ")}}\`.`);
  return json(await retrySubmissionStage({ submissionId: id, stage, actor, action: "retry" }), { status: 202 });
});

import { json, requireApiAdmin, route } from "@/lib/server/http";
import { RESCORE_CHOICES, rescoreSchema, rescoreSubmission } from "@/lib/server/review/curate";
import { parseJsonBody } from "@/lib/server/json-body";
import { quoteChoices } from "@/lib/server/submissions/stages";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const actor = await requireApiAdmin(req);
  const { id } = await params;
  const { stage } = await parseJsonBody(
    req,
    rescoreSchema,
    `Send \`{"stage": ${quoteChoices(RESCORE_CHOICES, " | ")}}\`.`,
  );
  return json(await rescoreSubmission({ submissionId: id, stage, actor }), { status: 202 });
});

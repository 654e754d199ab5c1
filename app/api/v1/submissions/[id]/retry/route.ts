import { AppError } from "@/lib/server/errors";
import { json, requireApiUser, route } from "@/lib/server/http";
import { retrySchema, retrySubmissionStage } from "@/lib/server/submissions/retry-submission";

// Retry a failed stage: `{"stage": "lexical" | "judge"}` (judge keeps the lexical results).
export const POST = route<{ id: string }>(async (req, { params }) => {
  const actor = await requireApiUser(req);
  const { id } = await params;
  const parsed = retrySchema.safeParse(await req.json().catch(() => ({})));
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", 'Send `{"stage": "lexical" | "judge"}`.', { details: [{ path: "stage", message: parsed.error.issues[0]!.message }] });
  return json(await retrySubmissionStage({ submissionId: id, stage: parsed.data.stage, actor, action: "retry" }), { status: 202 });
});

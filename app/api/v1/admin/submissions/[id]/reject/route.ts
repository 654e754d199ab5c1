import { AppError, zodDetails } from "@/lib/server/errors";
import { json, requireApiAdmin, route } from "@/lib/server/http";
import { readJsonBody } from "@/lib/server/json-body";
import { rejectSchema, rejectSubmission } from "@/lib/server/review/decide";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  const body = await readJsonBody(req, () => {
    throw new AppError("BAD_REQUEST", 'Send a JSON body `{"reason": "..."}`.');
  });
  const parsed = rejectSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "A rejection needs a reason.", {
      details: zodDetails(parsed.error.issues, body).map((d) => ({ ...d, path: d.path || "reason" })),
    });
  }
  return json(await rejectSubmission({ submissionId: id, reviewerId: admin.id, reason: parsed.data.reason }));
});

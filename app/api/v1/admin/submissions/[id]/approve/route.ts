import { json, requireApiAdmin, route } from "@/lib/server/http";
import { approveSubmission } from "@/lib/server/review/decide";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { id } = await params;
  return json(await approveSubmission({ submissionId: id, reviewerId: admin.id }));
});

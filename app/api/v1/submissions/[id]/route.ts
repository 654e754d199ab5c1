import { json, requireApiUser, route } from "@/lib/server/http";
import { getSubmissionForViewer } from "@/lib/server/submissions/submission-views";

export const GET = route<{ id: string }>(async (req, { params }) => {
  const user = await requireApiUser(req, "read");
  const { id } = await params;
  return json(await getSubmissionForViewer(id, user));
});

import { json, requireApiUser, route } from "@/lib/server/http";
import { publishPredictions } from "@/lib/server/submissions/publish-predictions";

export const POST = route<{ id: string }>(async (req, { params }) => {
  const actor = await requireApiUser(req, "publish");
  const { id } = await params;
  return json(await publishPredictions(id, actor));
});

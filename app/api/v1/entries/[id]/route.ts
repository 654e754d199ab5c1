import { json, route } from "@/lib/server/http";
import { getPublicEntry } from "@/lib/server/queries/entries";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const { id } = await params;
  return json(await getPublicEntry(id));
});

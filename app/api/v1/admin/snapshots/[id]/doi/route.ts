import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { doiInputSchema, setSnapshotDoi } from "@/lib/server/history/snapshot-doi";

// Records (or removes, with null) the DOI of a snapshot's deposited archive; audited.
export const PUT = route<{ id: string }>(async (req, { params }) => {
  const admin = await requireApiAdmin(req);
  const { doi } = await parseJsonBody(req, doiInputSchema, 'Send {"doi": "10.xxxx/..."} or {"doi": null}.');
  const id = (await params).id;
  return json({ id, doi: await setSnapshotDoi(admin.id, id, doi) });
});

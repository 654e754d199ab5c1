import { requireApiUser, route } from "@/lib/server/http";
import { getSubmissionFile } from "@/lib/server/submissions/submission-files";

export const GET = route<{ id: string; split: string }>(async (req, { params }) => {
  const user = await requireApiUser(req, "read");
  const { id, split } = await params;
  const file = await getSubmissionFile(id, split, user);
  const safeName = file.fileName.replace(/[^\w.-]/g, "_");
  return new Response(Buffer.from(file.content), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${safeName}"`,
      "cache-control": "private, no-store",
      etag: `"${file.sha256}"`,
      "x-content-type-options": "nosniff",
    },
  });
});

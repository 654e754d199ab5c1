import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntryFile } from "@/lib/server/leaderboard/public-files";

export const GET = route<{ id: string; split: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id, split } = await params;
  const file = await getPublicEntryFile(id, split);
  const safeName = file.fileName.replace(/[^\w.-]/g, "_");
  return new Response(Buffer.from(file.content), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${safeName}"`,
      "cache-control": "public, max-age=86400, immutable",
      etag: `"${file.sha256}"`,
      "x-content-sha256": file.sha256,
      "x-content-type-options": "nosniff",
    },
  });
});

import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { conditional } from "@/lib/server/exports/export";
import { getPublicEntryFile } from "@/lib/server/leaderboard/public-files";

// `no-cache`: caches revalidate (a 304 for the same ETag) before every use, so once the entry is
// unpublished or withdrawn its files stop at once instead of outliving it in a cache for a day.
export const GET = route<{ id: string; split: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id, split } = await params;
  const file = await getPublicEntryFile(id, split);
  const safeName = file.fileName.replace(/[^\w.-]/g, "_");
  return conditional(
    req,
    { text: new Uint8Array(file.content), etag: `"${file.sha256}"` },
    "application/json; charset=utf-8",
    {
      "cache-control": "public, no-cache",
      "content-disposition": `attachment; filename="${safeName}"`,
      "x-content-sha256": file.sha256,
    },
  );
});

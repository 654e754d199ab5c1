import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntryFile } from "@/lib/server/leaderboard/public-files";

// `no-cache`: caches revalidate (a 304 for the same ETag) before every use, so once the entry is
// unpublished or withdrawn its files stop at once instead of outliving it in a cache for a day.
export const GET = route<{ id: string; split: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id, split } = await params;
  const file = await getPublicEntryFile(id, split);
  const etag = `"${file.sha256}"`;
  const headers = {
    "cache-control": "public, no-cache",
    etag,
    "x-content-sha256": file.sha256,
    "x-content-type-options": "nosniff",
  };
  if (
    req.headers
      .get("if-none-match")
      ?.split(",")
      .some((t) => t.trim().replace(/^W\//, "") === etag)
  )
    return new Response(null, { status: 304, headers });
  const safeName = file.fileName.replace(/[^\w.-]/g, "_");
  return new Response(Buffer.from(file.content), {
    headers: {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${safeName}"`,
    },
  });
});

import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntryFile } from "@/lib/server/leaderboard/public-files";

// A public prediction file of an approved entry, byte for byte; its sha-256 in the ETag and in
// X-Content-SHA256 (the entry JSON lists the same hashes).
export const GET = route<{ id: string; split: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id, split } = await params;
  const file = await getPublicEntryFile(id, split);
  const safeName = file.fileName.replace(/[^\w.-]/g, "_");
  return new Response(Buffer.from(file.content), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${safeName}"`,
      // Immutable: a stored file never changes.
      "cache-control": "public, max-age=86400, immutable",
      etag: `"${file.sha256}"`,
      "x-content-sha256": file.sha256,
      "x-content-type-options": "nosniff",
    },
  });
});

import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { publicOrigin } from "@/lib/server/leaderboard/share";
import { snapshotArchive } from "@/lib/server/archives/snapshot-archive";

// The snapshot's deposit-ready bundle, built on demand and streamed (.tar.gz, reproducible).
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { name, stream } = await snapshotArchive((await params).id, publicOrigin(req.headers));
  return new Response(stream, {
    headers: {
      "content-type": "application/gzip",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
});

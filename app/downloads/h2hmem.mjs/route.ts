import { AppError } from "@/lib/server/errors";
import { cliFileBytes, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { route } from "@/lib/server/http";

// Its sha256 is the ETag and the X-Checksum-Sha256 header (also on /about).
export const dynamic = "force-dynamic";

export const GET = route(async (req) => {
  const info = cliFileInfo();
  const bytes = info ? cliFileBytes() : null;
  if (!info || !bytes)
    throw new AppError(
      "NOT_FOUND",
      "The single-file CLI is not built on this server: run `npm run build` (scripts/build/bundles.mjs writes dist/h2hmem.mjs).",
    );
  const etag = `"${info.sha256}"`;
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "content-disposition": 'attachment; filename="h2hmem.mjs"',
    "cache-control": "public, max-age=300",
    etag,
    "x-checksum-sha256": info.sha256,
    "x-h2hmem-version": info.version,
    "x-h2hmem-scorer-version": info.scorer,
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers });
});

import { json, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getSnapshot } from "@/lib/server/history/snapshots";
import { snapshotCiteText, snapshotDoi } from "@/lib/server/history/snapshot-doi";

// The manifest is immutable; the DOI an admin records later is not, so caches revalidate hourly.
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  const snap = await getSnapshot(id);
  const doi = await snapshotDoi(id);
  const m = snap.manifest as {
    createdAt: string;
    scorerVersion: string;
    files: Array<{ name: string; sha256: string }>;
  };
  const sha256 = m.files.find((f) => f.name === "board.json")?.sha256 ?? "";
  return json(
    {
      ...snap,
      links: { ...snap.links, archive: `/api/v1/snapshots/${id}/archive` },
      doi,
      cite: snapshotCiteText({ id, createdAt: m.createdAt, scorerVersion: m.scorerVersion, sha256 }, doi),
    },
    { headers: { "cache-control": "public, max-age=3600" } },
  );
});

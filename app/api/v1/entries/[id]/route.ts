import { AppError } from "@/lib/server/errors";
import { json, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicEntryOrTombstone } from "@/lib/server/leaderboard/entries";
import { conditional, etagged } from "@/lib/server/exports/export";
import { tombstoneMessage } from "@/lib/server/leaderboard/tombstones";

// Public, rate-limited per client address, and cacheable with an ETag (304 on If-None-Match).
// A withdrawn or unpublished entry answers 410 with the error and its tombstone (`entry`).
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  const entry = await getPublicEntryOrTombstone(id);
  if (entry.status === "withdrawn")
    return json({ ...new AppError("GONE", tombstoneMessage(entry)).toJSON(), entry }, { status: 410 });
  return conditional(req, etagged(JSON.stringify(entry)), "application/json; charset=utf-8");
});

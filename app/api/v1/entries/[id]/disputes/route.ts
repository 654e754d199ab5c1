import { json, requireApiCaller, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { readJsonBody } from "@/lib/server/json-body";
import { entryDisputes, publicDispute } from "@/lib/server/disputes/dispute-views";
import { openDispute } from "@/lib/server/disputes/open-dispute";

// Public: an entry's dispute threads (approved or withdrawn entries). POST opens one (session, or an API
// token with the `submit` scope; a verified address; docs/TRUST.md).
export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  return json({ disputes: await entryDisputes((await params).id) });
});

export const POST = route<{ id: string }>(async (req, { params }) => {
  const { user } = await requireApiCaller(req, "submit");
  const body = await readJsonBody(req, () => ({}));
  const id = await openDispute({ entryId: (await params).id, actor: user, body });
  return json(await publicDispute(id), { status: 201 });
});

import { json, requireApiAdmin, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { pauseInputSchema, setSubmissionsPause, submissionsPause } from "@/lib/server/submissions/pause";

// GET is public (whether submissions are open, and the notice); PUT pauses or resumes (admin scope).
export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  return json(await submissionsPause());
});

export const PUT = route(async (req) => {
  const admin = await requireApiAdmin(req);
  const input = await parseJsonBody(
    req,
    pauseInputSchema,
    'Send {"paused": true, "notice": "..."} or {"paused": false}.',
  );
  return json(await setSubmissionsPause(admin.id, input));
});

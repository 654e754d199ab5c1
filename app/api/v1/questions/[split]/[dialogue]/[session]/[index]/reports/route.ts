import { json, requireApiUser, route } from "@/lib/server/http";
import { parseJsonBody } from "@/lib/server/json-body";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { questionDetail, questionIdOf } from "@/lib/server/leaderboard/question-explorer";
import { createGoldReport, goldReportInputSchema, goldReportsOf } from "@/lib/server/review/gold-reports";

type Params = { split: string; dialogue: string; session: string; index: string };
const idOf = async (params: Promise<Params>) => {
  const p = await params;
  return questionIdOf([p.split, p.dialogue, p.session, p.index]);
};

/** Public: the question's reports and their state (never who made them). */
export const GET = route<Params>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const id = await idOf(params);
  await questionDetail(id); // 404 for a question not in the published key
  return json({ question: id, reports: await goldReportsOf(id) });
});

export const POST = route<Params>(async (req, { params }) => {
  const user = await requireApiUser(req, "submit");
  const input = await parseJsonBody(
    req,
    goldReportInputSchema,
    'Send `{"kind": "wrong"|"ambiguous", "proposedAnswer": "…", "reason": "…"}`.',
  );
  const id = await idOf(params);
  await consume("gold-report", user.id);
  const report = await createGoldReport(user.id, id, input);
  return json(report, { status: 201, headers: { location: `/api/v1/questions/${id}/reports` } });
});

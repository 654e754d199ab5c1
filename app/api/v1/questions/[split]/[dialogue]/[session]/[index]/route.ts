import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { conditional, etagged } from "@/lib/server/exports/export";
import { questionDetail, questionIdOf } from "@/lib/server/leaderboard/question-explorer";

type Params = { split: string; dialogue: string; session: string; index: string };

/** The question's id is its path: /api/v1/questions/dyadic/dialogue4/session3/2. */
export const GET = route<Params>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const p = await params;
  const detail = await questionDetail(questionIdOf([p.split, p.dialogue, p.session, p.index]));
  return conditional(req, etagged(JSON.stringify(detail)), "application/json; charset=utf-8");
});

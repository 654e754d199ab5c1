import { route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { conditional, etagged } from "@/lib/server/exports/export";
import { parseQuestionQuery, questionPage } from "@/lib/server/leaderboard/question-explorer";

// Public, paged; a bad filter answers 400 rather than another list than was asked for.
export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  const query = parseQuestionQuery(Object.fromEntries(new URL(req.url).searchParams), true);
  return conditional(req, etagged(JSON.stringify(await questionPage(query))), "application/json; charset=utf-8");
});

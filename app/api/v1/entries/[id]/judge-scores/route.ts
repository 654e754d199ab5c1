import { json, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { getPublicJudgeScores } from "@/lib/server/leaderboard/public-files";

export const GET = route<{ id: string }>(async (req, { params }) => {
  await consume("api-ip", clientIp(req.headers));
  const { id } = await params;
  return json(await getPublicJudgeScores(id));
});

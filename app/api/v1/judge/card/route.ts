import { AppError } from "@/lib/server/errors";
import { json, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { judgeCardFor } from "@/lib/server/scores/judge-card";
import { judgeCardQuerySchema, judgeCardSchema } from "@/lib/server/scores/judge-card-schema";

// Public and rate-limited per client address: the judge card of the published judge (or ?version=).
export const GET = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  const query = judgeCardQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw new AppError("VALIDATION_FAILED", query.error.issues.map((i) => i.message).join("; "));
  return json(judgeCardSchema.parse(await judgeCardFor(query.data.version)));
});

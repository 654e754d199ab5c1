import { json, requireApiAdmin, route } from "@/lib/server/http";
import { listForReview, reviewFilterSchema } from "@/lib/server/review/review-queue";

export const GET = route(async (req) => {
  await requireApiAdmin(req);
  const review = reviewFilterSchema.parse(new URL(req.url).searchParams.get("review") ?? "pending");
  return json({ review, submissions: await listForReview(review) });
});

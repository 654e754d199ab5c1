"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/server/auth/session";
import { action } from "@/lib/server/http";
import { retrySchema, retrySubmissionStage } from "@/lib/server/submissions/retry-submission";
import type { Stage } from "@/lib/server/submissions/stages";
import { withdrawSubmission } from "@/lib/server/review/decide";
import { publishPredictions } from "@/lib/server/submissions/publish-predictions";

export async function withdrawAction(submissionId: string, reason?: string) {
  return action(async () => {
    const user = await requireUser();
    const res = await withdrawSubmission({ submissionId, userId: user.id, reason });
    revalidatePath(`/submissions/${submissionId}`);
    return res;
  });
}

export async function retryStageAction(submissionId: string, stage: Stage) {
  return action(async () => {
    const actor = await requireUser();
    const { stage: clean } = retrySchema.parse({ stage });
    const res = await retrySubmissionStage({ submissionId, stage: clean, actor, action: "retry" });
    revalidatePath(`/submissions/${submissionId}`);
    return res;
  });
}

export async function publishPredictionsAction(submissionId: string) {
  return action(async () => {
    const user = await requireUser();
    const res = await publishPredictions(submissionId, user);
    revalidatePath(`/submissions/${submissionId}`);
    return res;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/auth";
import { action } from "@/lib/server/http";
import { retrySubmissionStage } from "@/lib/server/mutations/retry";
import { approveSubmission, rejectSubmission } from "@/lib/server/mutations/review";

export async function approveAction(submissionId: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await approveSubmission({ submissionId, reviewerId: admin.id });
    revalidatePath("/admin");
    revalidatePath("/");
    return res;
  });
}

export async function rejectAction(submissionId: string, reason: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await rejectSubmission({ submissionId, reviewerId: admin.id, reason });
    revalidatePath("/admin");
    revalidatePath("/");
    return res;
  });
}

export async function rescoreAction(submissionId: string) {
  return action(async () => {
    const actor = await requireAdmin();
    const res = await retrySubmissionStage({ submissionId, stage: "lexical", actor, action: "rescore" });
    revalidatePath("/admin");
    return res;
  });
}

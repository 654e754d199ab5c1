"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/server/auth";
import { action } from "@/lib/server/http";
import { withdrawSubmission } from "@/lib/server/mutations/review";

export async function withdrawAction(submissionId: string) {
  return action(async () => {
    const user = await requireUser();
    const res = await withdrawSubmission({ submissionId, userId: user.id });
    revalidatePath(`/submissions/${submissionId}`);
    return res;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/auth/session";
import { localizedAction as action } from "@/app/(site)/localized-action";
import { pauseInputSchema, setSubmissionsPause } from "@/lib/server/submissions/pause";

export async function setSubmissionsPauseAction(input: { paused: boolean; notice?: string }) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await setSubmissionsPause(admin.id, pauseInputSchema.parse(input));
    revalidatePath("/admin/operations");
    revalidatePath("/submit");
    return res;
  });
}

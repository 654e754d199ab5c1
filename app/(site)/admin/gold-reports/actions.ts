"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/auth/session";
import { localizedAction as action } from "@/app/(site)/localized-action";
import { decideGoldReport, type GoldDecision } from "@/lib/server/review/gold-reports";

export async function decideGoldReportAction(id: string, decision: GoldDecision) {
  return action(async () => {
    const admin = await requireAdmin();
    const r = await decideGoldReport(id, admin.id, decision);
    revalidatePath("/admin/gold-reports");
    return r;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/auth/session";
import { localizedAction as action } from "@/app/(site)/localized-action";
import { publishScorerVersion, rejudgeAllApproved } from "@/lib/server/operations/rollout";
import { requestPanelRun } from "@/lib/server/operations/calibration-runs";

// Every action starts with requireAdmin() (authz-matrix.test.ts checks); the mutation re-checks and audits.

export async function rejudgeAllAction() {
  return action(async () => {
    const actor = await requireAdmin();
    const res = await rejudgeAllApproved({ actor });
    revalidatePath("/admin/rescore");
    revalidatePath("/admin/audit");
    return res;
  });
}

export async function publishScorerVersionAction(version: string, force: boolean) {
  return action(async () => {
    const actor = await requireAdmin();
    const res = await publishScorerVersion({ actor, version, force });
    revalidatePath("/admin/rescore");
    revalidatePath("/admin/audit");
    revalidatePath("/");
    return res;
  });
}

/** Queues the second judge over the calibration set and the approved entries (the judge card's panel). */
export async function runJudgePanelAction() {
  return action(async () => {
    const actor = await requireAdmin();
    const run = await requestPanelRun(actor.id);
    revalidatePath("/admin/rescore");
    return { id: run.id, model: run.model };
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/auth/session";
import { action as baseAction } from "@/lib/server/http";
import { localizeError } from "@/lib/server/localize-error";
import { publishScorerVersion, rejudgeAllApproved } from "@/lib/server/operations/rollout";
import { requestPanelRun } from "@/lib/server/operations/calibration-runs";

/** Failures in the visitor's language (the shared buttons show the message as it comes). */
const action = <T>(fn: () => Promise<T>) => baseAction(fn).then(localizeError);

// Every action starts with requireAdmin() (checked by tests/integration/http/authz-matrix.test.ts);
// the mutation checks the role again and writes the audit event.

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

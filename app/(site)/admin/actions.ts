"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/server/auth/session";
import { localizedAction as action } from "@/app/(site)/localized-action";
import {
  bulkReview,
  editMetadata,
  rescoreSubmission,
  setBaseline,
  setMaintainerRerun,
  setTrack,
  unpublishSubmission,
  type MetadataPatch,
} from "@/lib/server/review/curate";
import { approveSubmission, rejectSubmission } from "@/lib/server/review/decide";
import { setUserRole } from "@/lib/server/auth/set-role";
import { retrySubmissionStage } from "@/lib/server/submissions/retry-submission";
import type { Stage } from "@/lib/server/submissions/stages";
import type { Track } from "@/lib/validation/tracks";
import { requestAgreementCheck } from "@/lib/server/operations/agreement-runs";

// Every action starts with requireAdmin() (authz-matrix.test.ts checks); the mutation re-validates and audits.

function refresh(submissionId?: string) {
  revalidatePath("/admin");
  revalidatePath("/admin/audit");
  if (submissionId) revalidatePath(`/admin/submissions/${submissionId}`);
  revalidatePath("/");
}

export async function approveAction(submissionId: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await approveSubmission({ submissionId, reviewerId: admin.id });
    refresh(submissionId);
    return res;
  });
}

export async function rejectAction(submissionId: string, reason: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await rejectSubmission({ submissionId, reviewerId: admin.id, reason });
    refresh(submissionId);
    return res;
  });
}

export async function rescoreAction(submissionId: string, stage: Stage | "both" = "both") {
  return action(async () => {
    const actor = await requireAdmin();
    const res = await rescoreSubmission({ submissionId, stage, actor });
    refresh(submissionId);
    return res;
  });
}

export async function retryFailedAction(submissionId: string, stage: Stage) {
  return action(async () => {
    const actor = await requireAdmin();
    const res = await retrySubmissionStage({ submissionId, stage, actor, action: "retry" });
    revalidatePath("/admin/operations");
    return res;
  });
}

export async function unpublishAction(submissionId: string, note: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await unpublishSubmission({ submissionId, actorId: admin.id, note });
    refresh(submissionId);
    return res;
  });
}

export async function baselineAction(submissionId: string, isBaseline: boolean, reason?: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await setBaseline({ submissionId, actorId: admin.id, isBaseline, reason });
    refresh(submissionId);
    return res;
  });
}

export async function maintainerRerunAction(submissionId: string, on: boolean) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await setMaintainerRerun({ submissionId, actorId: admin.id, on });
    refresh(submissionId);
    return res;
  });
}

export async function trackAction(submissionId: string, track: Track, note: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await setTrack({ submissionId, actorId: admin.id, track, note });
    refresh(submissionId);
    return res;
  });
}

export async function editMetadataAction(submissionId: string, patch: MetadataPatch) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await editMetadata({ submissionId, actorId: admin.id, patch });
    refresh(submissionId);
    return res;
  });
}

export async function bulkReviewAction(ids: string[], decision: "approve" | "reject", reason?: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await bulkReview({ actorId: admin.id, ids, decision, reason });
    refresh();
    return res;
  });
}

export async function setRoleAction(userId: string, role: "SUBMITTER" | "ADMIN", reason?: string) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await setUserRole({ actorId: admin.id, userId, role, reason });
    revalidatePath("/admin/users");
    return res;
  });
}

/** Queues the check for a worker (the web process never calls the LLM); the page shows its progress. */
export async function judgeAgreementAction(submissionId: string, sample: number) {
  return action(async () => {
    const admin = await requireAdmin();
    const res = await requestAgreementCheck({ submissionId, sample, actorId: admin.id });
    revalidatePath(`/admin/submissions/${submissionId}`);
    return res;
  });
}

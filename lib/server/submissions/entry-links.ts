import "server-only";
import type { SubmissionMeta } from "@/lib/validation/submission-meta";
import { db } from "../db";
import type { ErrorDetail } from "../errors";

// `runOf` / `reproduces` (docs/SCORING.md §9d-9e): checked before anything is stored.

const linkable = { runOf: null, reproduces: null }; // a run or a reproduction is never linked to

/** A run: an entry of the same account, method name, backbone and declared track. A reproduction: another account's approved entry. */
export async function entryLinkErrors(userId: string, meta: SubmissionMeta): Promise<ErrorDetail[]> {
  const field = meta.runOf !== undefined ? "runOf" : meta.reproduces !== undefined ? "reproduces" : null;
  if (field === null) return [];
  const entry = meta[field]!;
  const target = await db.submission.findFirst({
    where: { id: entry, ...linkable },
    select: { userId: true, methodName: true, backbone: true, declaredTrack: true, reviewState: true, removedAt: true },
  });
  const ok =
    target !== null &&
    (field === "runOf"
      ? target.userId === userId &&
        target.methodName === meta.methodName &&
        target.backbone === (meta.backbone ?? null) &&
        target.declaredTrack === meta.track
      : target.userId !== userId && target.reviewState === "APPROVED" && target.removedAt === null);
  if (ok) return [];
  const message =
    field === "runOf"
      ? `${entry} is not an entry of this account with the same method name, backbone and track.`
      : `${entry} is not an approved entry of another account.`;
  const code = field === "runOf" ? "RUN_OF_INVALID" : "REPRODUCES_INVALID";
  return [{ code, file: "", path: field, message, params: { entry } }];
}

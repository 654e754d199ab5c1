import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import type { SessionUser } from "../auth/config";

// Owner or admin only; anyone else gets the same 404 as for an unknown id.

// A Map: the split comes from the URL, and `__proto__` or `constructor` must be unknown, not inherited.
const SPLITS = new Map<string, string>([
  ["dyadic", "dyadic"],
  ["multi-party", "multi-party"],
  ["multiparty", "multi-party"],
]);

/** Also the legacy "multiparty". */
export function fileSplit(name: string): string | undefined {
  return SPLITS.get(name);
}

export type StoredFile = { fileName: string; sha256: string; content: Uint8Array };

export async function getSubmissionFile(id: string, split: string, viewer: SessionUser): Promise<StoredFile> {
  const wanted = SPLITS.get(split);
  const file = wanted
    ? await db.submissionFile.findUnique({
        where: { submissionId_split: { submissionId: id, split: wanted } },
        select: { fileName: true, sha256: true, content: true, submission: { select: { userId: true } } },
      })
    : null;
  if (!file || (file.submission.userId !== viewer.id && viewer.role !== "ADMIN")) {
    throw new AppError("NOT_FOUND", "File not found.");
  }
  return { fileName: file.fileName, sha256: file.sha256, content: file.content };
}

import "server-only";
import { parentPort } from "node:worker_threads";
import type { ReferenceQuestion } from "@/lib/scoring";
import { validateUpload, type UploadFiles, type UploadLimits, type ValidatedSplit, type ValidatedUpload } from "./validate-upload";

// The entry of one upload validation thread (started by ./validation-pool.ts, compiled by
// scripts/build/bundles.mjs to dist/server/upload-validation.mjs): decode, JSON.parse, validate
// and match against the answer key with the same validateUpload, off the web's event loop.
// One task at a time. The answer key is sent once per thread and version and kept here.

export type ValidationTask = {
  files: UploadFiles;
  /** `questions` only when this thread does not hold `versionId` yet. */
  key: { versionId: string; questions?: ReferenceQuestion[] } | null;
  limits: UploadLimits;
};
/** The result without the file bytes: the caller still holds them (sent as a copy). */
export type ThreadSplit = Omit<ValidatedSplit, "file">;
export type ThreadUpload = Omit<ValidatedUpload, "splits"> & { splits: ThreadSplit[] };
export type ValidationReply = { ok: true; upload: ThreadUpload } | { ok: false; message: string; stack?: string };

let held: { versionId: string; questions: ReferenceQuestion[] } | null = null;

function runTask(task: ValidationTask): ThreadUpload {
  if (task.key?.questions) held = { versionId: task.key.versionId, questions: task.key.questions };
  if (task.key && held?.versionId !== task.key.versionId) throw new Error(`answer key ${task.key.versionId} was never sent to this thread`);
  const upload = validateUpload(task.files, task.key ? held : null, task.limits);
  return { ...upload, splits: upload.splits.map(({ file: _file, ...rest }) => rest) };
}

parentPort?.on("message", (task: ValidationTask) => {
  let reply: ValidationReply;
  try {
    reply = { ok: true, upload: runTask(task) };
  } catch (e) {
    reply = { ok: false, message: (e as Error).message, stack: (e as Error).stack };
  }
  parentPort!.postMessage(reply);
});

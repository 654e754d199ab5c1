import "server-only";
import { parentPort } from "node:worker_threads";
import type { ReferenceQuestion } from "@/lib/scoring";
import { validateUpload, type UploadFiles, type UploadLimits, type ValidatedSplit, type ValidatedUpload } from "./validate-upload";

// The entry of one upload validation thread (started by ./validation-pool.ts, compiled by
// scripts/build/bundles.mjs to dist/server/upload-validation.mjs): decode, JSON.parse, validate
// and match against the answer key with the same validateUpload, off the web's event loop.
// It also reads the multipart body of an upload (undici's parser, also seconds of CPU at load).
// One task at a time. The answer key is sent once per thread and version and kept here.

export type ValidationTask = {
  kind: "validate";
  files: UploadFiles;
  /** `questions` only when this thread does not hold `versionId` yet. */
  key: { versionId: string; questions?: ReferenceQuestion[] } | null;
  limits: UploadLimits;
};
/** The result without the file bytes: the caller still holds them (sent as a copy). */
export type ThreadSplit = Omit<ValidatedSplit, "file">;
export type ThreadUpload = Omit<ValidatedUpload, "splits"> & { splits: ThreadSplit[] };
/** Reading a multipart body: its fields in order, each file's bytes transferred back. */
export type MultipartTask = { kind: "multipart"; body: Uint8Array; contentType: string };
export type MultipartEntry = { name: string; value: string } | { name: string; fileName: string; bytes: Uint8Array };
export type ThreadTask = ValidationTask | MultipartTask;
export type ValidationReply =
  | { ok: true; upload: ThreadUpload }
  | { ok: true; entries: MultipartEntry[] | null } // null: malformed
  | { ok: false; message: string; stack?: string };

let held: { versionId: string; questions: ReferenceQuestion[] } | null = null;

function runTask(task: ValidationTask): ThreadUpload {
  if (task.key?.questions) held = { versionId: task.key.versionId, questions: task.key.questions };
  if (task.key && held?.versionId !== task.key.versionId) throw new Error(`answer key ${task.key.versionId} was never sent to this thread`);
  const upload = validateUpload(task.files, task.key ? held : null, task.limits);
  return { ...upload, splits: upload.splits.map(({ file: _file, ...rest }) => rest) };
}

async function readMultipart(task: MultipartTask): Promise<MultipartEntry[] | null> {
  let form: FormData;
  try {
    form = await new Response(task.body as Uint8Array<ArrayBuffer>, { headers: { "content-type": task.contentType } }).formData();
  } catch {
    return null;
  }
  const entries: MultipartEntry[] = [];
  for (const [name, value] of form) {
    entries.push(typeof value === "string" ? { name, value } : { name, fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return entries;
}

parentPort?.on("message", (task: ThreadTask) => {
  void (async () => {
    let reply: ValidationReply;
    let transfer: ArrayBuffer[] = [];
    try {
      if (task.kind === "multipart") {
        const entries = await readMultipart(task);
        transfer = (entries ?? []).flatMap((e) => ("bytes" in e ? [e.bytes.buffer as ArrayBuffer] : []));
        reply = { ok: true, entries };
      } else {
        reply = { ok: true, upload: runTask(task) };
      }
    } catch (e) {
      reply = { ok: false, message: (e as Error).message, stack: (e as Error).stack };
    }
    parentPort!.postMessage(reply, transfer);
  })();
});

import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { env } from "../env";
import type { ActiveAnswerKey } from "../answer-key/store";
import type { UploadFiles, UploadLimits, ValidatedUpload } from "./validate-upload";
import type { MultipartEntry, ThreadTask, ValidationReply } from "./validation-thread";

// Upload validation off the event loop: decoding, JSON.parse, validation and matching of two
// ~20 MiB files take seconds of CPU, during which a web process on one thread answers nothing,
// not even /api/health. A fixed set of UPLOAD_VALIDATION_THREADS worker threads runs
// ./validation-thread.ts; uploads beyond that wait in a FIFO (bounded by the upload admission:
// UPLOAD_MAX_CONCURRENT_PER_PROCESS). node:worker_threads rather than a pool library: each
// thread keeps the answer key it was sent (one copy per thread and version, not per upload),
// which needs per-thread state a generic pool does not offer, and nothing extra has to be made
// external to Next's server bundle.

export type ThreadScript = { file: string };
type Job =
  | { kind: "validate"; files: UploadFiles; key: ActiveAnswerKey | null; limits: UploadLimits; resolve: (u: ValidatedUpload) => void; reject: (e: Error) => void }
  | { kind: "multipart"; body: Uint8Array; contentType: string; resolve: (e: MultipartEntry[] | null) => void; reject: (e: Error) => void };
type Thread = { worker: Worker; keyVersion: string | null; job: Job | null };

export class ValidationPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private starting = 0; // threads being started (their script may still be building)
  private scriptFile: Promise<ThreadScript> | undefined;

  constructor(private readonly size: number, private readonly script: () => Promise<ThreadScript>) {}

  validate(files: UploadFiles, key: ActiveAnswerKey | null, limits: UploadLimits): Promise<ValidatedUpload> {
    return this.enqueue<ValidatedUpload>((resolve, reject) => ({ kind: "validate", files, key, limits, resolve, reject }));
  }

  /**
   * The fields of a multipart/form-data body, parsed in a thread (undici's parser holds the loop
   * for a fraction of a second per 38 MiB); null when the body is malformed. `body` is
   * transferred, not copied: the caller must not use it afterwards.
   */
  parseMultipart(body: Uint8Array, contentType: string): Promise<MultipartEntry[] | null> {
    return this.enqueue<MultipartEntry[] | null>((resolve, reject) => ({ kind: "multipart", body, contentType, resolve, reject }));
  }

  private enqueue<T>(job: (resolve: (v: T) => void, reject: (e: Error) => void) => Job): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the upload validation pool is closed"));
    return new Promise<T>((resolve, reject) => {
      this.queue.push(job(resolve, reject));
      void this.dispatch();
    });
  }

  /** Threads started, validations running, validations waiting for a thread. */
  stats(): { threads: number; busy: number; queued: number } {
    return { threads: this.threads.length, busy: this.threads.filter((t) => t.job).length, queued: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("the upload validation pool is closed"));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private async dispatch(): Promise<void> {
    while (this.queue.length > 0) {
      let thread = this.threads.find((t) => !t.job);
      if (!thread) {
        if (this.threads.length + this.starting >= this.size) return; // a finishing thread dispatches again
        this.starting += 1;
        try {
          this.scriptFile ??= this.script();
          thread = this.spawn((await this.scriptFile).file);
        } catch (e) {
          this.scriptFile = undefined; // e.g. not built yet: the next upload tries again
          for (const job of this.queue.splice(0)) job.reject(e as Error);
          return;
        } finally {
          this.starting -= 1;
        }
        if (this.closed) return void thread.worker.terminate();
        if (this.queue.length === 0) return;
      }
      this.run(thread, this.queue.shift()!);
    }
  }

  private spawn(file: string): Thread {
    const worker = new Worker(file, { execArgv: [] });
    const thread: Thread = { worker, keyVersion: null, job: null };
    worker.unref(); // an idle thread never keeps the process alive
    worker.on("message", (reply: ValidationReply) => {
      const job = thread.job;
      if (!job) return;
      thread.job = null;
      worker.unref();
      if (!reply.ok) {
        job.reject(Object.assign(new Error(`upload validation failed: ${reply.message}`), { stack: reply.stack }));
      } else if (job.kind === "multipart") {
        job.resolve("entries" in reply ? reply.entries : null);
      } else if ("upload" in reply) {
        const upload = reply.upload;
        job.resolve({ ...upload, splits: upload.splits.map((s) => ({ ...s, file: job.files[s.field]! })) });
      } else {
        job.reject(new Error("upload validation thread: unexpected reply"));
      }
      void this.dispatch();
    });
    // A crashed thread (a bug, out of memory) fails its upload only; the next upload gets a new thread.
    const fail = (e: Error) => {
      const i = this.threads.indexOf(thread);
      if (i < 0) return;
      this.threads.splice(i, 1);
      thread.job?.reject(e);
      thread.job = null;
      void this.dispatch();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`upload validation thread exited (code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private run(thread: Thread, job: Job): void {
    thread.job = job;
    thread.worker.ref(); // a task in progress keeps the process (CLI, seed) alive
    if (job.kind === "multipart") {
      const task: ThreadTask = { kind: "multipart", body: job.body, contentType: job.contentType };
      const whole = job.body.byteOffset === 0 && job.body.byteLength === job.body.buffer.byteLength && job.body.buffer instanceof ArrayBuffer;
      thread.worker.postMessage(task, whole ? [job.body.buffer as ArrayBuffer] : []);
      return;
    }
    const sendQuestions = job.key !== null && thread.keyVersion !== job.key.versionId;
    const task: ThreadTask = {
      kind: "validate",
      files: job.files,
      key: job.key ? { versionId: job.key.versionId, ...(sendQuestions ? { questions: job.key.questions } : {}) } : null,
      limits: job.limits,
    };
    if (job.key) thread.keyVersion = job.key.versionId;
    thread.worker.postMessage(task); // a copy of the bytes: the caller keeps its own to store them
  }
}

/**
 * The thread's script. Production runs the file `npm run build` compiled (dist/, beside the
 * worker's bundles); elsewhere (next dev, tests, scripts) the same esbuild build is made from the
 * TypeScript at first use, so the threads always run the current source.
 */
export async function threadScript(): Promise<ThreadScript> {
  const root = process.cwd();
  if (env.NODE_ENV === "production") {
    const file = path.join(root, "dist/server/upload-validation.mjs");
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (or \`npm run build:bundles\`)`);
    return { file };
  }
  const bundles = pathToFileURL(path.join(root, "scripts/build/bundles.mjs")).href;
  const { buildValidationThreadForDev } = (await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ bundles)) as { buildValidationThreadForDev: () => Promise<string> };
  return { file: await buildValidationThreadForDev() };
}

let shared: ValidationPool | undefined;

/** This process's pool (UPLOAD_VALIDATION_THREADS threads, started on first use). */
export function validationPool(): ValidationPool {
  shared ??= new ValidationPool(env.UPLOAD_VALIDATION_THREADS, threadScript);
  return shared;
}

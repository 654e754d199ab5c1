import { Worker } from "node:worker_threads";
import { afterAll } from "vitest";
import { announce, FUZZ } from "./fuzz-config";

// Every fuzz case runs in a worker (time-box-worker.mjs) under a deadline; a case that misses it
// is reported as a hang with its input, and the worker is replaced for the next case.

export type Target = "validate" | "category" | "lexical" | "judge";
type Reply =
  | { id: number; kind: "ok"; value: unknown; ms: number }
  | { id: number; kind: "threw"; error: string }
  | { id: number; kind: "ready" };

const WORKER = new URL("./time-box-worker.mjs", import.meta.url);
const STARTUP_MS = 120_000; // loading TypeScript through tsx on a busy machine

export class TimeBox {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private pending = new Map<number, (r: Reply) => void>();
  private nextId = 1;
  /** Cases run so far (reported at the end of the file). */
  calls = 0;

  constructor(private readonly limitMs = FUZZ.caseTimeoutMs) {}

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(WORKER);
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("fuzz worker did not start")), STARTUP_MS);
      worker.on("message", (r: Reply) => {
        if (r.kind === "ready") {
          clearTimeout(timer);
          resolve();
          return;
        }
        this.pending.get(r.id)?.(r);
        this.pending.delete(r.id);
      });
      worker.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    return this.ready;
  }

  /** The target's return value; fails the property if it throws or misses the deadline. */
  async run<T>(
    target: Target,
    args: unknown[],
    describe: () => string = () => JSON.stringify(args).slice(0, 300),
  ): Promise<T> {
    await this.start();
    this.calls++;
    const id = this.nextId++;
    const reply = await new Promise<Reply | "timeout">((resolve) => {
      const timer = setTimeout(() => resolve("timeout"), this.limitMs);
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      this.worker!.postMessage({ id, target, args });
    });
    if (reply === "timeout") {
      this.pending.delete(id);
      await this.close(); // the worker is stuck: replace it
      throw new Error(`${target} did not finish within ${this.limitMs} ms (hang) on ${describe()}`);
    }
    if (reply.kind === "threw") throw new Error(`${target} threw on ${describe()}:\n${reply.error}`);
    if (reply.kind !== "ok") throw new Error(`unexpected worker reply ${reply.kind}`);
    return reply.value as T;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.ready = null;
    if (w) await w.terminate();
  }
}

/** The time box of one test file: prints the seed now and the number of cases at the end. */
export function timeBoxFor(target: string): TimeBox {
  announce(target);
  const box = new TimeBox();
  afterAll(async () => {
    console.log(`[fuzz] ${target}: ${box.calls} cases (seed ${FUZZ.seed})`);
    await box.close();
  });
  return box;
}

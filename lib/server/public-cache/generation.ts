import "server-only";
import { db } from "../db";

// The one signal of "what a public page shows changed": Postgres triggers move this counter in the
// transaction of every such change (README.md), so any process sees a commit of any other with one read.

let reading: Promise<bigint> | null = null;

/** Concurrent callers share one read; 0 before the first public change. It only grows. */
export function publicGeneration(): Promise<bigint> {
  reading ??= db.publicGeneration
    .findUnique({ where: { id: 1 }, select: { value: true } })
    .then((r) => r?.value ?? 0n)
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** Values derived from public data, dropped whenever the public generation moves. */
export class StampedMemo<T> {
  private generation = -1n;
  private readonly values = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  // The generation is read before computing: a change during the computation is seen on the next call.
  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const g = await publicGeneration();
    // A read overtaken by a newer one: its value is not kept.
    if (g < this.generation) return compute();
    if (g > this.generation) {
      this.values.clear();
      this.generation = g;
    }
    const hit = this.values.get(key);
    if (hit) {
      this.values.delete(key); // re-inserted: most recently used last
      this.values.set(key, hit);
      return hit;
    }
    const value = compute();
    this.values.set(key, value);
    while (this.values.size > this.max) this.values.delete(this.values.keys().next().value!);
    value.catch(() => {
      if (this.values.get(key) === value) this.values.delete(key);
    });
    return value;
  }
}

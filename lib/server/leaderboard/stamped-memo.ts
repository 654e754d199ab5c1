import "server-only";
import { demoEntriesHidden } from "../answer-key/demo";
import { publishedScorerVersion } from "../versions/published-version";
import { boardStamp } from "./board-stamp";

// A per-process memo of values that depend only on what the public board shows (published
// scorer version, demo visibility, the approved entries: ./board-stamp.ts). Every value is
// dropped when that generation changes, so an approval, withdrawal, re-score or version switch
// is never answered from the old one. Bounded (least recently used goes first); concurrent
// callers of a missing key share one computation; a failed computation is not kept.

export type PublicGeneration = { scorerVersion: string; hideDemo: boolean; stamp: string };

export async function publicGeneration(): Promise<PublicGeneration> {
  const [scorerVersion, hideDemo, stamp] = await Promise.all([
    publishedScorerVersion(),
    demoEntriesHidden(),
    boardStamp(),
  ]);
  return { scorerVersion, hideDemo, stamp };
}

export class StampedMemo<T> {
  private generation = "";
  private readonly values = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  /** The value of `key` in generation `gen`, computed at most once per generation. */
  get(gen: PublicGeneration, key: string, compute: () => Promise<T>): Promise<T> {
    const g = `${gen.scorerVersion}|${gen.hideDemo}|${gen.stamp}`;
    if (g !== this.generation) {
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

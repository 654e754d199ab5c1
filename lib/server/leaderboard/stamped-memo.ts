import "server-only";
import { demoEntriesHidden } from "../answer-key/demo";
import { publishedScorerVersion } from "../versions/published-version";
import { boardStamp } from "./board-stamp";

// Dropped whenever the public board's generation changes, so no change is answered from the old one.

export type PublicGeneration = { scorerVersion: string; hideDemo: boolean; stamp: string };

export async function publicGeneration(): Promise<PublicGeneration> {
  const [scorerVersion, hideDemo, stamp] = await Promise.all([
    publishedScorerVersion(),
    demoEntriesHidden(),
    boardStamp(),
  ]);
  return { scorerVersion, hideDemo, stamp };
}

export const generationKey = (g: PublicGeneration): string => `${g.scorerVersion}|${g.hideDemo}|${g.stamp}`;

export class StampedMemo<T> {
  private generation = "";
  private readonly values = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  get(gen: PublicGeneration, key: string, compute: () => Promise<T>): Promise<T> {
    const g = generationKey(gen);
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

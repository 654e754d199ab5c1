import type { Split } from "../types";
import type { JudgeQuestion } from "./prompt";
import { groupBy } from "../group-by";

// One request per session, as the official protocol; the header names only what the answer key says, nothing a submitter wrote.

export type SessionRef = { dialogue: number; session: number };
export type JudgeItem = JudgeQuestion & { split: Split; where: SessionRef | null };
export type JudgeBatch = { key: string; header: string; items: JudgeQuestion[] };

function sessionKey(split: Split, where: SessionRef | null): string {
  return where ? `${split}/dialogue${where.dialogue}/session${where.session}` : `${split}/unmatched`;
}

/** The fewest parts of at most `size`, sizes differing by at most one. */
export function partSizes(n: number, size: number): number[] {
  if (n <= 0) return [];
  const parts = Math.ceil(n / size);
  const base = Math.floor(n / parts);
  const extra = n % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

function header(split: Split, where: SessionRef | null, part: string): string {
  const lines = where
    ? [
        `Dialogue: dialogue${where.dialogue} (${split} split)`,
        `Session: session${where.session}${where.session === 0 ? " (cross-session questions)" : ""}`,
      ]
    : [`Dialogue: unknown (${split} split)`, "Session: unknown"];
  if (part) lines.push(part);
  return lines.join("\n");
}

function compareKeys(a: JudgeItem, b: JudgeItem): number {
  if (a.split !== b.split) return a.split < b.split ? -1 : 1;
  // Unmatched questions go after every known session of their split.
  if (!a.where || !b.where) return (a.where ? 0 : 1) - (b.where ? 0 : 1);
  return a.where.dialogue - b.where.dialogue || a.where.session - b.where.session;
}

export function buildJudgeBatches(items: JudgeItem[], opts: { batchSize: number }): JudgeBatch[] {
  if (!Number.isInteger(opts.batchSize) || opts.batchSize < 1)
    throw new RangeError("batchSize must be a positive integer");
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`duplicate judge question id: ${item.id}`);
    seen.add(item.id);
  }
  const groups = groupBy(items, (item) => sessionKey(item.split, item.where));
  const ordered = [...groups.entries()].sort(([, a], [, b]) => compareKeys(a[0], b[0]));
  const batches: JudgeBatch[] = [];
  for (const [key, list] of ordered) {
    const sizes = partSizes(list.length, opts.batchSize);
    let start = 0;
    sizes.forEach((size, i) => {
      const part = sizes.length > 1 ? `Part ${i + 1} of ${sizes.length} of this session's questions` : "";
      const first = list[0];
      batches.push({
        key: sizes.length > 1 ? `${key}#${i + 1}` : key,
        header: header(
          first.split,
          first.where,
          first.where ? part : sizes.length > 1 ? `Part ${i + 1} of ${sizes.length}` : "",
        ),
        items: list
          .slice(start, start + size)
          .map(({ id, question, reference, answer }) => ({ id, question, reference, answer })),
      });
      start += size;
    });
  }
  return batches;
}

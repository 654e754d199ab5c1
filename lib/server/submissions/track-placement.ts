import "server-only";
import { z } from "zod";
import type { ReferenceQuestion } from "@/lib/scoring";
import { TRACKS, type Track } from "@/lib/validation/tracks";
import type { ValidatedSplit } from "./validate-upload";

// Issue 48, point 4: a run whose answerer saw every session is not a memory system, whatever its card says.
// A question is "full context" when its retrieved sessions include every session of its dialogue, or when the
// declared top-k is at least that dialogue's session count; more than half of the matched questions so moves
// a `memory` entry to `full-context`. A dialogue's session count is its highest `sessionK` (K >= 1) in the
// answer key (session0 holds cross-session questions, not a conversation).

export const trackReasonSchema = z.discriminatedUnion("rule", [
  z.strictObject({ rule: z.enum(["coverage", "topK"]), questions: z.int(), of: z.int(), topK: z.int().optional() }),
  z.strictObject({ rule: z.literal("admin"), note: z.string(), from: z.enum(TRACKS) }),
]);
/** Why the board's track differs from the declared one, or null when it does not. */
export type TrackReason = z.infer<typeof trackReasonSchema>;

/** A prediction matched to the answer key, with the sessions it says it gave its answerer. */
export type PlacedItem = {
  question: Pick<ReferenceQuestion, "split" | "dialogue"> | null;
  retrieved?: readonly string[];
};

export function dialogueSessionCounts(questions: readonly ReferenceQuestion[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const q of questions) {
    const key = `${q.split}/${q.dialogue}`;
    counts.set(key, Math.max(counts.get(key) ?? 0, q.session));
  }
  return counts;
}

export function placeTrack(
  declared: Track,
  contextTopK: number | undefined,
  items: readonly PlacedItem[],
  sessionCounts: ReadonlyMap<string, number>,
): { track: Track; reason: TrackReason | null } {
  if (declared !== "memory") return { track: declared, reason: null };
  let of = 0;
  let covered = 0;
  let withinTopK = 0;
  for (const { question, retrieved } of items) {
    const sessions = question ? sessionCounts.get(`${question.split}/${question.dialogue}`) : undefined;
    if (!sessions) continue;
    of++;
    if (contextTopK !== undefined && contextTopK >= sessions) withinTopK++;
    if (retrieved) {
      const got = new Set(retrieved);
      let all = true;
      for (let k = 1; k <= sessions && all; k++) all = got.has(`session${k}`);
      if (all) covered++;
    }
  }
  if (covered * 2 > of) return { track: "full-context", reason: { rule: "coverage", questions: covered, of } };
  if (withinTopK * 2 > of)
    return { track: "full-context", reason: { rule: "topK", questions: withinTopK, of, topK: contextTopK! } };
  return { track: "memory", reason: null };
}

/** The placement of an upload against the active answer key (none: the declared track stands). */
export function placeUpload(
  meta: { track: Track; contextTopK?: number },
  splits: readonly ValidatedSplit[],
  questions: readonly ReferenceQuestion[] | undefined,
): { track: Track; declaredTrack: Track; trackReason: TrackReason | null } {
  const byQid = new Map((questions ?? []).map((q) => [q.qid, q]));
  const items = splits.flatMap((s) =>
    s.items.map((item, i) => {
      const qid = s.matches?.[i]?.qid;
      return { question: (qid && byQid.get(qid)) || null, retrieved: item.retrieved_sessions };
    }),
  );
  const placed = placeTrack(meta.track, meta.contextTopK, items, dialogueSessionCounts(questions ?? []));
  return { track: placed.track, declaredTrack: meta.track, trackReason: placed.reason };
}

// The quick start's evidence demo entry (issue 48 point 5) sends retrieved sessions like a memory
// system: the track placement keeps it on the memory board, and its file passes the validator.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePredictionFile } from "@/lib/scoring";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import { dialogueSessionCounts, placeTrack } from "@/lib/server/submissions/track-placement";
import { DEMO_SYSTEMS, demoPredictionFile } from "@/prisma/seed-demo";

const key = loadAnswerKeyDir(path.join(import.meta.dirname, "../../../../prisma/seed-data/dataset"));

describe("the demo entry with retrieved sessions", () => {
  it("is Half-Recall, valid, and placed on the memory track", () => {
    const system = DEMO_SYSTEMS.find((s) => s.retrieve)!;
    expect(system.methodName).toContain("Half-Recall");
    const items = (["dyadic", "multi-party"] as const).flatMap((split) => {
      const parsed = parsePredictionFile(demoPredictionFile(system, key.questions, split, 1), {
        file: `${split}.json`,
        split,
      });
      expect(parsed.ok).toBe(true);
      return parsed.items.map((item) => ({
        question: key.questions.find((q) => q.split === split && q.questionText === item.question_text)!,
        retrieved: item.retrieved_sessions,
      }));
    });
    expect(items.every((i) => i.retrieved && i.retrieved.length > 0)).toBe(true);
    expect(placeTrack("memory", undefined, items, dialogueSessionCounts(key.questions)).track).toBe("memory");
  });
});

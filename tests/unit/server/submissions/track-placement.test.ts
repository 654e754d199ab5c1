import { describe, expect, it } from "vitest";
import type { ReferenceQuestion } from "../../../../lib/scoring";
import { dialogueSessionCounts, placeTrack, placeUpload } from "../../../../lib/server/submissions/track-placement";
import type { ValidatedSplit } from "../../../../lib/server/submissions/validate-upload";

// Dialogue 1 has sessions 1..3 (session0 holds cross-session questions), dialogue 2 has sessions 1..5.
const q = (dialogue: number, session: number, index = 0) =>
  ({
    qid: `dyadic/dialogue${dialogue}/session${session}/${index}`,
    split: "dyadic",
    dialogue,
    session,
  }) as ReferenceQuestion;
const key = [q(1, 0), q(1, 1), q(1, 3), q(2, 2), q(2, 5)];
const counts = dialogueSessionCounts(key);
const d1 = { split: "dyadic" as const, dialogue: 1 };
const d2 = { split: "dyadic" as const, dialogue: 2 };
const all1 = ["session3", "session1", "session2"];

describe("dialogueSessionCounts", () => {
  it("is the highest sessionK per dialogue and split", () => {
    expect(counts).toEqual(
      new Map([
        ["dyadic/1", 3],
        ["dyadic/2", 5],
      ]),
    );
  });
});

describe("placeTrack", () => {
  it("moves a memory entry whose retrieved sessions cover the whole dialogue for more than half of the questions", () => {
    const items = [
      { question: d1, retrieved: all1 },
      { question: d1, retrieved: [...all1, "session0"] },
      { question: d2, retrieved: ["session1", "session2", "session3", "session4"] },
    ];
    expect(placeTrack("memory", undefined, items, counts)).toEqual({
      track: "full-context",
      reason: { rule: "coverage", questions: 2, of: 3 },
    });
  });

  it("keeps it in memory at exactly half, and ignores unmatched questions and missing evidence", () => {
    const items = [
      { question: d1, retrieved: all1 },
      { question: d2, retrieved: ["session1"] },
      { question: null, retrieved: all1 },
      { question: d2 },
    ];
    expect(placeTrack("memory", undefined, items.slice(0, 3), counts)).toEqual({ track: "memory", reason: null });
    expect(placeTrack("memory", undefined, items, counts).track).toBe("memory");
  });

  it("moves it when the declared top-k reaches the dialogue's session count for more than half of the questions", () => {
    const items = [{ question: d1 }, { question: d1 }, { question: d2 }];
    expect(placeTrack("memory", 3, items, counts)).toEqual({
      track: "full-context",
      reason: { rule: "topK", questions: 2, of: 3, topK: 3 },
    });
    expect(placeTrack("memory", 2, items, counts).track).toBe("memory");
    expect(placeTrack("memory", 5, [{ question: d1 }, { question: d2 }], counts).reason).toMatchObject({
      questions: 2,
      of: 2,
    });
  });

  it("never moves a declared full-context or oracle-evidence entry", () => {
    const items = [{ question: d1, retrieved: all1 }];
    expect(placeTrack("oracle-evidence", 99, items, counts)).toEqual({ track: "oracle-evidence", reason: null });
    expect(placeTrack("full-context", undefined, [], counts)).toEqual({ track: "full-context", reason: null });
  });
});

describe("placeUpload", () => {
  const split = (items: Array<Record<string, unknown>>, qids: string[]) =>
    ({
      split: "dyadic",
      items,
      matches: qids.map((qid, index) => ({ index, qid, answerDiffers: false })),
    }) as unknown as ValidatedSplit;

  it("reads retrieved_sessions of the items matched to the answer key", () => {
    const s = split(
      [{ retrieved_sessions: all1 }, { retrieved_sessions: all1 }, {}],
      [q(1, 1).qid, q(1, 3).qid, q(2, 2).qid],
    );
    expect(placeUpload({ track: "memory" }, [s], key)).toEqual({
      track: "full-context",
      declaredTrack: "memory",
      trackReason: { rule: "coverage", questions: 2, of: 3 },
    });
    // Without an answer key nothing can be placed: the declared track stands.
    expect(placeUpload({ track: "memory" }, [s], undefined).track).toBe("memory");
  });
});

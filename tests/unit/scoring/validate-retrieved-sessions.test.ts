import { describe, expect, it } from "vitest";
import { parsePredictionFile } from "../../../lib/scoring/validate";

// Issue 48 point 1: retrieved_sessions is optional; each bad value is its own located error.
const item = (over: Record<string, unknown> = {}) => ({
  question_text: "What colour is the bike?",
  question_image: "",
  system_answer: "Green",
  original_answer: "Dark green",
  category: "Unimodal Precise Recall",
  ...over,
});
const parse = (items: unknown[]) =>
  parsePredictionFile(JSON.stringify({ predictions: items }), { file: "prediction_dyadic.json", split: "dyadic" });
const located = (r: ReturnType<typeof parse>) => r.issues.map((i) => `${i.severity}:${i.code}:${i.path}`);

describe("retrieved_sessions", () => {
  it("is optional, and kept as sent when valid (ranked, empty allowed)", () => {
    const r = parse([item(), item({ question_text: "B?", retrieved_sessions: ["session3", "session1"] })]);
    expect(r.issues).toEqual([]);
    expect(r.items[0]).not.toHaveProperty("retrieved_sessions");
    expect(r.items[1].retrieved_sessions).toEqual(["session3", "session1"]);
    const empty = parse([item({ retrieved_sessions: [] })]);
    expect(empty.ok).toBe(true);
    expect(empty.items[0].retrieved_sessions).toEqual([]);
  });

  it("accepts 64 sessions and rejects 65 with TOO_MANY_SESSIONS", () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `session${i + 1}`);
    expect(parse([item({ retrieved_sessions: names(64) })]).ok).toBe(true);
    const r = parse([item({ retrieved_sessions: names(65) })]);
    expect(located(r)).toEqual(["error:TOO_MANY_SESSIONS:/predictions/0/retrieved_sessions"]);
    expect(r.issues[0].params).toEqual({ count: 65, limit: 64 });
  });

  it("rejects a non-array, naming what it got", () => {
    for (const [value, got] of [
      ["session3", "string"],
      [null, "null"],
      [{ session3: 1 }, "object"],
      [3, "number"],
    ] as const) {
      const r = parse([item({ retrieved_sessions: value })]);
      expect(located(r)).toEqual(["error:SESSIONS_NOT_ARRAY:/predictions/0/retrieved_sessions"]);
      expect(r.issues[0].params).toEqual({ got });
    }
  });

  it("locates each bad name and each duplicate by its index", () => {
    const r = parse([
      item(),
      item({ question_text: "B?", retrieved_sessions: ["session2", "S4-5", 3, "Session1", "session01", ""] }),
      item({ question_text: "C?", retrieved_sessions: ["session2", "session5", "session2", "session5"] }),
    ]);
    expect(r.ok).toBe(false);
    expect(located(r)).toEqual([
      "error:BAD_SESSION_NAME:/predictions/1/retrieved_sessions/1",
      "error:BAD_SESSION_NAME:/predictions/1/retrieved_sessions/2",
      "error:BAD_SESSION_NAME:/predictions/1/retrieved_sessions/3",
      "error:BAD_SESSION_NAME:/predictions/1/retrieved_sessions/4",
      "error:BAD_SESSION_NAME:/predictions/1/retrieved_sessions/5",
      "error:DUPLICATE_SESSION:/predictions/2/retrieved_sessions/2",
      "error:DUPLICATE_SESSION:/predictions/2/retrieved_sessions/3",
    ]);
    expect(r.issues[1].params).toEqual({ value: "a number" });
    expect(r.issues[5].params).toEqual({ value: "session2", first: 0 });
    expect(r.issues[6].message).toBe('"session5" is already listed at retrieved_sessions/1.');
  });
});

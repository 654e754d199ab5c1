import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REPLY_CHARS, parseJudgeReply, replyCharLimit, snapScore } from "../../../../lib/scoring/judge/parse";
import { JUDGE_LEVELS } from "../../../../lib/scoring/judge/prompt";

const ids = ["a", "b", "c"];

describe("snapScore", () => {
  it("keeps grid values and snaps off-grid ones to the nearest level", () => {
    for (const l of JUDGE_LEVELS) expect(snapScore(l)).toBe(l);
    expect(snapScore(0.8)).toBe(0.75);
    expect(snapScore(0.3)).toBe(0.25);
    expect(snapScore(0.9)).toBe(1);
    expect(snapScore(0.1)).toBe(0);
  });

  it("sends exact midpoints down and clamps out-of-range values", () => {
    expect(snapScore(0.125)).toBe(0);
    expect(snapScore(0.375)).toBe(0.25);
    expect(snapScore(0.625)).toBe(0.5);
    expect(snapScore(0.875)).toBe(0.75);
    expect(snapScore(7)).toBe(1);
    expect(snapScore(-2)).toBe(0);
  });

  it("clamps huge scores too (found by fuzzing: 1e300 - 1 === 1e300, so 1e300 snapped to 0)", () => {
    expect(snapScore(1e300)).toBe(1);
    expect(snapScore(2 ** 53)).toBe(1);
    expect(snapScore(Number.MAX_VALUE)).toBe(1);
    expect(snapScore(-1e300)).toBe(0);
    expect(parseJudgeReply('[{"question_id":"a","score":1e20}]', ["a"]).results.get("a")?.score).toBe(1);
  });

  it("always returns the closest level", () => {
    fc.assert(
      fc.property(fc.double({ min: -5, max: 5, noNaN: true }), (x) => {
        const s = snapScore(x);
        for (const l of JUDGE_LEVELS) expect(Math.abs(x - s)).toBeLessThanOrEqual(Math.abs(x - l));
      }),
    );
  });
});

describe("parseJudgeReply", () => {
  it("reads a clean array", () => {
    const r = parseJudgeReply(
      JSON.stringify([
        { question_id: "a", score: 1, reasoning: "right" },
        { question_id: "b", score: 0.5, reasoning: "partial" },
        { question_id: "c", score: 0, reasoning: "wrong" },
      ]),
      ids,
    );
    expect(r.error).toBeNull();
    expect(r.missing).toEqual([]);
    expect(r.results.get("b")).toEqual({ score: 0.5, reasoning: "partial", rawScore: 0.5, snapped: false });
  });

  it("tolerates code fences and prose around the array", () => {
    const text =
      'Here are my grades:\n```json\n[{"question_id":"a","score":0.75,"reasoning":"ok"}]\n```\nHope this helps!';
    const r = parseJudgeReply(text, ids);
    expect(r.results.get("a")?.score).toBe(0.75);
    expect(r.missing).toEqual(["b", "c"]);
  });

  it("recovers the array when the surrounding prose itself contains brackets", () => {
    const text =
      'Scale used [0-1]. [{"question_id":"a","score":1,"reasoning":"x"},{"question_id":"b","score":0,"reasoning":"y"}] (see [note])';
    const r = parseJudgeReply(text, ids);
    expect([...r.results.keys()].sort()).toEqual(["a", "b"]);
  });

  it("skips items without question_id, drops non-numeric scores, snaps off-grid ones", () => {
    const text = JSON.stringify([
      { score: 1, reasoning: "no id" },
      { question_id: "a", score: "excellent" },
      { question_id: "b", score: 0.6, reasoning: "close" },
      { question_id: "c", score: "0.25", reasoning: "string number" },
      { question_id: "zzz", score: 1 },
      "not an object",
    ]);
    const r = parseJudgeReply(text, ids);
    expect(r.missing).toEqual(["a"]);
    expect(r.results.get("b")).toMatchObject({ score: 0.5, rawScore: 0.6, snapped: true });
    expect(r.results.get("c")?.score).toBe(0.25);
    expect(r.unexpected).toEqual(["zzz"]);
    expect(r.dropped).toBe(3);
  });

  it("accepts numeric ids and keeps the first answer for a repeated id", () => {
    const r = parseJudgeReply('[{"question_id":7,"score":1},{"question_id":"7","score":0}]', ["7"]);
    expect(r.results.get("7")?.score).toBe(1);
  });

  it("counts a non-list or an unparseable reply as nothing parsed", () => {
    for (const text of ['{"question_id":"a","score":1}', "I cannot grade these.", "[{oops", ""]) {
      const r = parseJudgeReply(text, ids);
      expect(r.error).not.toBeNull();
      expect(r.missing).toEqual(ids);
      expect(r.results.size).toBe(0);
    }
  });

  it("finds the array by its matching bracket, skipping brackets inside strings and unclosed ones in prose", () => {
    const item = (id: string, score: number) => ({ question_id: id, score, reasoning: `cites "[${id}]" and ] and [` });
    const arr = JSON.stringify([item("a", 1), item("b", 0.5)]);
    const r = parseJudgeReply(`Notes [1, 2: ${arr} and one more ] then [ unclosed`, ids);
    expect(r.error).toBeNull();
    expect(Object.fromEntries([...r.results].map(([k, v]) => [k, v.score]))).toEqual({ a: 1, b: 0.5 });
    expect(r.results.get("a")?.reasoning).toBe('cites "[a]" and ] and [');
  });

  it("refuses a reply longer than the limit for its max_tokens, even one holding a valid array", () => {
    expect(replyCharLimit(3200)).toBe(65_536); // the floor: 16 x 3,200 is less
    expect(replyCharLimit(10_000)).toBe(160_000);
    expect(MAX_REPLY_CHARS).toBe(replyCharLimit(65_536));
    const valid = JSON.stringify([{ question_id: "a", score: 1, reasoning: "fine" }]);
    const padded = valid + " ".repeat(70_000);
    const r = parseJudgeReply(padded, ids, { maxChars: replyCharLimit(3200) });
    expect(r).toMatchObject({
      results: new Map(),
      missing: ids,
      error: `reply is ${padded.length} characters long, more than the 65536 read for this request`,
    });
    // Within the limit the same text parses.
    expect(parseJudgeReply(padded, ids).results.get("a")?.score).toBe(1);
    expect(parseJudgeReply("x".repeat(MAX_REPLY_CHARS + 1), ids).error).toMatch(/^reply is 1048577 characters long/);
  });

  it("reads large pathological replies right: nested bracket runs, deep nesting, an array among 100 kB of brackets", () => {
    // 24 nested arrays around 100 kB of numbers, broken after each close: only number arrays, no ids.
    const nested = parseJudgeReply("[".repeat(24) + "1,".repeat(50_000) + "1" + "]x".repeat(24), ids);
    expect(nested).toMatchObject({ error: null, missing: ids, dropped: 50_001 });
    // 50,000 levels deep behind an unclosed string: no candidate is an array.
    expect(parseJudgeReply('["' + "[".repeat(50_000) + "]".repeat(50_000), ids).error).toBe(
      "reply contains no JSON array",
    );
    // The real array after 20 bracketed notes and before 100 kB of stray brackets.
    const answer = JSON.stringify([{ question_id: "c", score: 0.25, reasoning: "partly [sic]" }]);
    const r = parseJudgeReply("[note] ".repeat(20) + answer + " ]][[".repeat(20_000), ids);
    expect(r.results.get("c")).toMatchObject({ score: 0.25, reasoning: "partly [sic]" });
    expect(r.missing).toEqual(["a", "b"]);
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseJudgeReply(s, ids);
        expect(r.results.size + r.missing.length).toBe(ids.length);
      }),
    );
  });
});

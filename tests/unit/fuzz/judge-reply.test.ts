// Fuzzing the judge-reply parser (lib/scoring/judge/parse.ts) with random text and with real
// replies damaged the ways models damage them: prose and code fences around the array, cut off
// mid-array, wrong types, huge numbers, "NaN" strings, duplicate and unknown ids.
// Properties: it never throws or hangs; the result is either items with scores on the rubric grid
// {0, .25, .5, .75, 1} (every other asked id listed as missing) or a failure with a message.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParsedReply } from "@/lib/scoring/judge";
import { fuzzParams, fuzzTimeout } from "./fuzz-config";
import { timeBoxFor } from "./time-box";

const GRID = [0, 0.25, 0.5, 0.75, 1];
const PROPS = 3;
const box = timeBoxFor("judge-reply parser");

/** Nearest grid level, exact midpoints down, out of range clamped (the documented rule). */
const expectedLevel = (x: number) => Math.ceil(Math.min(1, Math.max(0, x)) * 4 - 0.5) / 4 + 0; // + 0: no -0

const id = fc.oneof(
  fc.constantFrom("dyadic/dialogue1/session1/0", "q1", "q2", " q3 ", "7", ""),
  fc.string({ maxLength: 12 }),
);
const ids = fc.uniqueArray(fc.constantFrom("dyadic/dialogue1/session1/0", "q1", "q2", "q3", "7", "x/y"), {
  maxLength: 6,
});
const weirdScore = fc.oneof(
  fc.double(), // includes NaN, ±Infinity, -0, huge and tiny values
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "",
    " ",
    "high",
    "0.75",
    " 1 ",
    "1e400",
    "0x1",
    "½",
    null,
    true,
    false,
  ),
  fc.constantFrom({ value: 1 }, [0.5]),
  fc.integer(),
);
const weirdItem = fc.oneof(
  fc.record(
    {
      question_id: fc.oneof(id, fc.integer(), fc.double(), fc.constant(null)),
      score: weirdScore,
      reasoning: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 })),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const prose = fc.constantFrom(
  "",
  "Sure! Here are the grades [as requested]:\n",
  "```json\n",
  "```\n",
  "Note: scores are in [0, 1].\n",
  "Grades:",
  "[",
  "]",
  "{",
  "}\n",
);
/** Text of a JSON array of items, possibly with raw numbers JSON cannot hold (1e400, NaN). */
const arrayText = fc
  .array(weirdItem, { maxLength: 8 })
  .chain((items) =>
    fc.constantFrom(
      JSON.stringify(items),
      JSON.stringify(items, null, 2),
      JSON.stringify(items).replace(/"score":(-?[0-9.e+]+)/, '"score":1e400'),
      JSON.stringify(items).replace(/"score":[^,}]*/, '"score":NaN'),
    ),
  );
const replyText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.tuple(prose, arrayText, prose).map(([a, b, c]) => a + b + c),
  fc.tuple(prose, arrayText, fc.nat()).map(([a, b, cut]) => (a + b).slice(0, cut % (a.length + b.length + 1))), // truncated
  fc.tuple(arrayText, arrayText, prose).map(([a, b, p]) => `${a}${p}${b}`), // two arrays
  fc
    .tuple(fc.constantFrom("[", "]", "[[", "]]", "[{", "}]", '"'), fc.integer({ min: 1, max: 50_000 }))
    .map(([s, n]) => s.repeat(n)), // bracket floods
  fc.integer({ min: 1, max: 20_000 }).map((n) => "[" + '{"question_id":"q1","score":1},'.repeat(n) + "x]"), // long, invalid at the end
);

function checkInvariants(r: ParsedReply, asked: readonly string[]): void {
  expect(Number.isInteger(r.dropped) && r.dropped >= 0).toBe(true);
  if (r.error !== null) {
    expect(typeof r.error).toBe("string");
    expect(r.error.trim().length).toBeGreaterThan(0);
    expect(r.results.size).toBe(0);
    expect(r.missing).toEqual([...asked]);
    return;
  }
  for (const [qid, item] of r.results) {
    expect(asked).toContain(qid);
    expect(GRID).toContain(item.score);
    expect(Number.isFinite(item.rawScore)).toBe(true);
    expect(item.snapped).toBe(item.score !== item.rawScore);
    expect(item.score).toBe(expectedLevel(item.rawScore));
    expect(typeof item.reasoning).toBe("string");
  }
  expect(r.missing).toEqual(asked.filter((q) => !r.results.has(q)));
  for (const u of r.unexpected) expect(asked).not.toContain(u);
}

describe("fuzz: judge-reply parser", () => {
  it(
    "never throws or hangs on random and damaged replies; grid scores or a failure message",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(replyText, ids, async (text, asked) => {
          const r = await box.run<ParsedReply>(
            "judge",
            [text, asked],
            () => `${JSON.stringify(text.slice(0, 200))} (${text.length} chars)`,
          );
          checkInvariants(r, asked);
        }),
        fuzzParams(200, PROPS),
      );
    },
  );

  it(
    "reads every well-formed item of a wrapped reply: first answer per id wins, bad scores are dropped",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      const score = fc.oneof(
        fc.record({
          ok: fc.constant(true),
          v: fc.oneof(
            fc.constantFrom(...GRID),
            fc.double({ min: -3, max: 4, noNaN: true }),
            fc.constantFrom(1e300, -1e300, 0.125, 0.625),
          ),
        }),
        fc.record({ ok: fc.constant(true), v: fc.constantFrom(0, 0.25, 0.5, 0.75, 1).map((x) => String(x)) }),
        fc.record({ ok: fc.constant(false), v: fc.constantFrom("NaN", "", "high", null, true, "Infinity") }),
      );
      const item = fc.record({
        qid: fc.constantFrom("q1", "q2", "q3", "extra"),
        score,
        reasoning: fc.string({ maxLength: 40 }),
      });
      const wrap = fc.constantFrom(
        (s: string) => s,
        (s: string) => "```json\n" + s + "\n```",
        (s: string) => `Sure! Here are the grades [as requested]:\n${s}\nLet me know [if needed].`,
      );
      await fc.assert(
        fc.asyncProperty(fc.array(item, { maxLength: 10 }), wrap, async (items, wrapper) => {
          const asked = ["q1", "q2", "q3"];
          const text = wrapper(
            JSON.stringify(items.map((i) => ({ question_id: i.qid, score: i.score.v, reasoning: i.reasoning }))),
          );
          const r = await box.run<ParsedReply>("judge", [text, asked]);
          checkInvariants(r, asked);
          expect(r.error).toBeNull();
          for (const q of asked) {
            const first = items.find((i) => i.qid === q && i.score.ok);
            if (!first) expect(r.missing).toContain(q);
            else
              expect(r.results.get(q)).toMatchObject({
                score: expectedLevel(Number(first.score.v)),
                reasoning: first.reasoning,
              });
          }
          expect(r.dropped).toBe(items.filter((i) => !i.score.ok).length);
        }),
        fuzzParams(200, PROPS),
      );
    },
  );

  it(
    "a reply cut off anywhere never yields a score that the full reply does not",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      const item = fc.record({
        question_id: fc.constantFrom("q1", "q2", "q3"),
        score: fc.constantFrom(...GRID),
        reasoning: fc.string({ maxLength: 30 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 6 }), fc.nat(), async (items, cut) => {
          const full = JSON.stringify(items);
          const text = full.slice(0, cut % full.length);
          const asked = ["q1", "q2", "q3"];
          const [r, whole] = [
            await box.run<ParsedReply>("judge", [text, asked]),
            await box.run<ParsedReply>("judge", [full, asked]),
          ];
          checkInvariants(r, asked);
          for (const [q, got] of r.results) expect(got.score).toBe(whole.results.get(q)?.score);
        }),
        fuzzParams(100, PROPS),
      );
    },
  );
});

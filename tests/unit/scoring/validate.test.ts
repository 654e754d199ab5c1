import { describe, expect, it } from "vitest";
import { parsePredictionFile, splitForFileName } from "../../../lib/scoring/validate";

const item = (over: Record<string, unknown> = {}) => ({
  question_text: "What colour is the bike?",
  question_image: "",
  system_answer: "Green",
  original_answer: "Dark green",
  category: "Unimodal Precise Recall",
  ...over,
});
const parse = (
  input: string | Uint8Array,
  extra: { maxItems?: number; maxBytes?: number; maxAnswerChars?: number } = {},
) => parsePredictionFile(input, { file: "prediction_dyadic.json", split: "dyadic", ...extra });
const json = (v: unknown) => JSON.stringify(v);
const codes = (r: ReturnType<typeof parse>) => r.issues.map((i) => `${i.severity}:${i.code}:${i.path}`);

describe("parsePredictionFile", () => {
  it("accepts a valid file and defaults question_image", () => {
    const { question_image: _omit, ...noImage } = item({ question_text: "Another question?" });
    const r = parse(json({ predictions: [item(), noImage] }));
    expect(r.ok).toBe(true);
    expect(r.issues).toEqual([]);
    expect(r.items[1].question_image).toBe("");
    expect(r.split).toBe("dyadic");
  });

  it("reports not-JSON, syntax errors with line and column, and truncation", () => {
    expect(codes(parse("hello"))).toEqual(["error:NOT_JSON:"]);
    const syntax = parse('{\n  "predictions": [\n    {"a": 1,}\n  ]\n}');
    expect(syntax.ok).toBe(false);
    expect(syntax.issues[0].code).toBe("INVALID_JSON");
    expect(syntax.issues[0].message).toContain("line 3, column 13");
    const full = json({ predictions: [item(), item()] });
    const cut = parse(full.slice(0, 60));
    expect(codes(cut)).toEqual(["error:TRUNCATED_JSON:"]);
    expect(codes(parse("   "))).toEqual(["error:EMPTY_FILE:"]);
  });

  it("reports a wrong root, a missing or non-array predictions field", () => {
    expect(codes(parse(json([item()])))).toEqual(["error:WRONG_ROOT:"]);
    expect(parse(json([item()])).issues[0].fix).toContain('{"predictions"');
    expect(codes(parse(json({ preds: [] })))).toEqual([
      "warning:UNKNOWN_FIELD:/preds",
      "error:MISSING_PREDICTIONS:/predictions",
    ]);
    expect(codes(parse(json({ predictions: {} })))).toEqual(["error:PREDICTIONS_NOT_ARRAY:/predictions"]);
    expect(codes(parse("42"))).toEqual(["error:WRONG_ROOT:"]);
  });

  it("reports every item problem at once, with JSON paths", () => {
    const { original_answer: _o, ...missing } = item();
    const r = parse(
      json({
        predictions: [
          item({ system_answer: 42 }),
          missing,
          "text",
          item({ category: "Memory Recall" }),
          item({ category: { sub_type: "x" } }),
          item({ system_answer: "a\u0000b" }),
          item({ question_image: null }),
        ],
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.items).toEqual([]);
    expect(codes(r)).toEqual([
      "error:WRONG_TYPE:/predictions/0/system_answer",
      "error:MISSING_FIELD:/predictions/1/original_answer",
      "error:ITEM_NOT_OBJECT:/predictions/2",
      "error:UNKNOWN_CATEGORY:/predictions/3/category",
      "error:WRONG_TYPE:/predictions/4/category",
      "error:NULL_BYTE:/predictions/5/system_answer",
      "error:WRONG_TYPE:/predictions/6/question_image",
    ]);
    const unknown = r.issues.find((i) => i.code === "UNKNOWN_CATEGORY")!;
    expect(unknown.message).toContain("Memory Recall");
    expect(unknown.fix).toContain("Multimodal Causal Reasoning");
    expect(r.issues.every((i) => i.file === "prediction_dyadic.json" && i.fix)).toBe(true);
  });

  it("rejects too many items and too many bytes", () => {
    expect(codes(parse(json({ predictions: [item(), item(), item()] }), { maxItems: 2 }))).toEqual([
      "error:TOO_MANY_ITEMS:/predictions",
    ]);
    const text = json({ predictions: [item()] });
    expect(codes(parse(text, { maxBytes: text.length - 1 }))).toEqual(["error:TOO_LARGE:"]);
    expect(parse(text, { maxBytes: text.length }).ok).toBe(true);
  });

  it("rejects an empty predictions array as an error, not a warning", () => {
    const r = parse(json({ predictions: [] }));
    expect(r.ok).toBe(false);
    expect(codes(r)).toEqual(["error:NO_PREDICTIONS:/predictions"]);
  });

  it("caps each answer (default 8,000 characters, counted in code points), naming its JSON path", () => {
    const at = (n: number, extra = {}) =>
      parse(json({ predictions: [item(), item({ system_answer: "x".repeat(n) })] }), extra);
    expect(at(8_000).ok).toBe(true);
    const r = at(8_001);
    expect(r.ok).toBe(false);
    expect(r.items).toEqual([]);
    expect(codes(r)).toEqual(["error:ANSWER_TOO_LONG:/predictions/1/system_answer"]);
    expect(r.issues[0].message).toContain("8,001 characters; the limit is 8,000");
    expect(codes(at(11, { maxAnswerChars: 10 }))).toEqual(["error:ANSWER_TOO_LONG:/predictions/1/system_answer"]);
    expect(at(10, { maxAnswerChars: 10 }).ok).toBe(true);
    // 10 emoji are 20 UTF-16 units but 10 characters
    expect(parse(json({ predictions: [item({ system_answer: "😀".repeat(10) })] }), { maxAnswerChars: 10 }).ok).toBe(
      true,
    );
  });

  it("rejects pathological nesting before parsing", () => {
    const deep = '{"predictions": [' + "[".repeat(100_000) + "]".repeat(100_000) + "]}";
    expect(codes(parse(deep))).toEqual(["error:TOO_DEEP:"]);
    // brackets inside strings do not count
    expect(parse(json({ predictions: [item({ system_answer: "[".repeat(500) })] })).ok).toBe(true);
    // a huge answer full of escapes and brackets neither trips the guard nor overflows the stack
    expect(
      parse(json({ predictions: [item({ system_answer: 'a\\"[{'.repeat(1_000_000) })] }), { maxAnswerChars: 1e7 }).ok,
    ).toBe(true);
    // a nested value inside an item is a type error, not a crash
    expect(codes(parse(json({ predictions: [item({ system_answer: [[["x"]]] })] })))).toEqual([
      "error:WRONG_TYPE:/predictions/0/system_answer",
    ]);
  }, 60_000);

  it("rejects invalid UTF-8 and accepts a BOM silently", () => {
    const good = new TextEncoder().encode(json({ predictions: [item({ system_answer: "绿色" })] }));
    const bad = Uint8Array.from([...good.slice(0, 20), 0xff, 0xfe, ...good.slice(20)]);
    const r = parse(bad);
    expect(codes(r)).toEqual(["error:INVALID_UTF8:"]);
    expect(r.issues[0].message).toContain("offset 20");
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...good]);
    expect(parse(bom)).toMatchObject({ ok: true, issues: [] });
    expect(parse("\ufeff" + json({ predictions: [item()] })).ok).toBe(true);
    expect(parse(good).items[0].system_answer).toBe("绿色");
  });

  it("warns about empty answers, unknown fields, duplicates and comments", () => {
    const text = `// template comment\n{"predictions": [ /* block */\n${json(item({ system_answer: "" }))},\n${json(item({ extra: 1 }))},\n${json(item({ question_text: "  what colour IS the bike? " }))}\n]}`;
    const r = parse(text);
    expect(r.ok).toBe(true);
    expect(r.items).toHaveLength(3);
    expect(codes(r)).toEqual([
      "warning:JSON_COMMENTS:",
      "warning:EMPTY_ANSWER:/predictions/0/system_answer",
      "warning:UNKNOWN_FIELD:/predictions/1/extra",
      "warning:DUPLICATE_QUESTION:/predictions/1",
      "warning:DUPLICATE_QUESTION:/predictions/2",
    ]);
  });

  // Carried over from the former one-pass reader's tests: the common shapes read cleanly, and each
  // near miss gets exactly its report.
  it("reads common files: compact, indented, CRLF, other key order, no question_image, escapes, non-ASCII", () => {
    const good = item();
    const { question_image: _image, ...noImage } = item({ question_text: "Q2?" });
    const reversed = Object.fromEntries(Object.entries(item({ question_text: "Q3?" })).reverse());
    const escaped = item({
      question_text: "Q4?",
      system_answer: 'say "hi"\n\\ é \u2028 😀 </ \ufeff',
      original_answer: "\ufeffref",
    });
    const doc = { predictions: [good, noImage, reversed, escaped] };
    const expected = doc.predictions.map((it: Record<string, string>) => ({
      ...item(),
      ...it,
      question_image: it.question_image ?? "",
    }));
    for (const text of [
      json(doc),
      JSON.stringify(doc, null, 2).replace(/\n/g, "\r\n"),
      JSON.stringify(doc, null, "\t"),
      json(doc).replace(/é/g, "\\u00e9"),
    ]) {
      for (const input of [text, new TextEncoder().encode(text), new TextEncoder().encode("\ufeff" + text)]) {
        const r = parse(input);
        expect(r.issues).toEqual([]);
        expect(r.items).toEqual(expected);
      }
    }
  });

  it("reports each near miss of the common file", () => {
    const text = json({ predictions: [item()] });
    const cases: Array<[string, string[]]> = [
      ["// template\n" + text, ["warning:JSON_COMMENTS:"]],
      [text.replace("}]", "},]"), ["error:INVALID_JSON:"]],
      [text.replace('"Dark green"', '"Dark green", "extra": 1'), ["warning:UNKNOWN_FIELD:/predictions/0/extra"]],
      [text.replace('"Green"', "5"), ["error:WRONG_TYPE:/predictions/0/system_answer"]],
      [text.replace('"Green"', '["Green"]'), ["error:WRONG_TYPE:/predictions/0/system_answer"]],
      [text.replace('"Green"', '"Gr\u0001een"'), ["error:INVALID_JSON:"]],
      [text.replace('"Green"', '"Gr\\u0000een"'), ["error:NULL_BYTE:/predictions/0/system_answer"]],
      [text.replace('"Green"', '"Gr\\xeen"'), ["error:INVALID_JSON:"]],
      [text.replace("[", "[\ufeff"), ["error:INVALID_JSON:"]], // U+FEFF is no JSON whitespace
      [text.replace('"Dark green"', '"Dark green", "original_answer": "Green"'), []], // the last duplicate key wins, as in JSON.parse
      ['{"other": 1, "predictions": [' + json(item()) + "]}", ["warning:UNKNOWN_FIELD:/other"]],
      [text + "x", ["error:INVALID_JSON:"]],
      [text.slice(0, -3), ["error:TRUNCATED_JSON:"]],
      [
        text.replace('"Dark green"', '"Dark green", "__proto__": {"x": 1}'),
        ["warning:UNKNOWN_FIELD:/predictions/0/__proto__"],
      ],
    ];
    for (const [input, want] of cases) {
      expect(codes(parse(input)), input).toEqual(want);
      expect(parse(new TextEncoder().encode(input))).toEqual(parse(input));
    }
    expect(
      parse(text.replace('"Dark green"', '"Dark green", "original_answer": "Green"')).items[0].original_answer,
    ).toBe("Green");
  });

  it("caps repeated issues with a summary line", () => {
    const r = parse(json({ predictions: Array.from({ length: 120 }, () => item({ system_answer: 1 })) }));
    expect(r.issues.filter((i) => i.code === "WRONG_TYPE")).toHaveLength(51);
    expect(r.issues.at(-1)!.message).toContain("70 more WRONG_TYPE errors");
  });

  it("handles 100,000 predictions", () => {
    const big = json({ predictions: Array.from({ length: 100_000 }, (_, i) => item({ question_text: `Q${i}` })) });
    const r = parse(big);
    expect(r.ok).toBe(true);
    expect(r.items).toHaveLength(100_000);
  }, 60_000);
});

// Issue 48 point 1: retrieved_sessions is optional; each bad value is its own located error.
const parseItems = (items: unknown[]) => parse(json({ predictions: items }));

describe("retrieved_sessions", () => {
  it("is optional, and kept as sent when valid (ranked, empty allowed)", () => {
    const r = parseItems([item(), item({ question_text: "B?", retrieved_sessions: ["session3", "session1"] })]);
    expect(r.issues).toEqual([]);
    expect(r.items[0]).not.toHaveProperty("retrieved_sessions");
    expect(r.items[1].retrieved_sessions).toEqual(["session3", "session1"]);
    const empty = parseItems([item({ retrieved_sessions: [] })]);
    expect(empty.ok).toBe(true);
    expect(empty.items[0].retrieved_sessions).toEqual([]);
  });

  it("accepts 64 sessions and rejects 65 with TOO_MANY_SESSIONS", () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `session${i + 1}`);
    expect(parseItems([item({ retrieved_sessions: names(64) })]).ok).toBe(true);
    const r = parseItems([item({ retrieved_sessions: names(65) })]);
    expect(codes(r)).toEqual(["error:TOO_MANY_SESSIONS:/predictions/0/retrieved_sessions"]);
    expect(r.issues[0].params).toEqual({ count: 65, limit: 64 });
  });

  it("rejects a non-array, naming what it got", () => {
    for (const [value, got] of [
      ["session3", "string"],
      [null, "null"],
      [{ session3: 1 }, "object"],
      [3, "number"],
    ] as const) {
      const r = parseItems([item({ retrieved_sessions: value })]);
      expect(codes(r)).toEqual(["error:SESSIONS_NOT_ARRAY:/predictions/0/retrieved_sessions"]);
      expect(r.issues[0].params).toEqual({ got });
    }
  });

  it("locates each bad name and each duplicate by its index", () => {
    const r = parseItems([
      item(),
      item({ question_text: "B?", retrieved_sessions: ["session2", "S4-5", 3, "Session1", "session01", ""] }),
      item({ question_text: "C?", retrieved_sessions: ["session2", "session5", "session2", "session5"] }),
    ]);
    expect(r.ok).toBe(false);
    expect(codes(r)).toEqual([
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

describe("splitForFileName", () => {
  it.each([
    ["prediction_dyadic.json", "dyadic"],
    ["/tmp/x/prediction_multiparty.json", "multi-party"],
    ["C:\\runs\\Prediction_Multi_Party.json", "multi-party"],
    ["predictions.json", null],
  ])("%s -> %s", (name, split) => {
    expect(splitForFileName(name)).toBe(split);
  });
});

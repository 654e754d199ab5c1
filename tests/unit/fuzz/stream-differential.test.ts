// Differential test of the streaming prediction-file reader (lib/scoring/stream-prediction-file.ts,
// used by `h2hmem validate` and `h2hmem score`) against the whole-file parser parsePredictionFile:
// for every input, either the streaming reader declines (null: the CLI then runs the whole-file
// parser) or it gives exactly the same issues (same order, text and JSON serialisation), ok and
// item count, and its second pass yields exactly the same items. Inputs: every fixture, the bad
// inputs of the CLI and validator tests, generated files (json-files.ts) and mutated fixtures,
// each read in chunks of 1, 2, 3, 5, ... bytes, so chunk boundaries fall inside multi-byte UTF-8
// characters, escapes, comments and keys. Files the reader must stream are checked to be streamed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePredictionFile, type ParseOptions } from "@/lib/scoring/validate-file";
import { forEachStreamedItem, streamPredictionFile } from "@/lib/scoring/stream-prediction-file";
import type { PredictionItem } from "@/lib/scoring/types";
import { announce, fuzzParams, fuzzTimeout } from "./fuzz-config";
import { fixtures, mutatedFixture } from "./mutations";
import { doc, style, write } from "./json-files";

const PROPS = 2;
const enc = new TextEncoder();
const CHUNKS = [1, 2, 3, 5, 7, 16, 100, 4096, 1 << 20];

function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  // A reused buffer, as cli/io.ts reads: the reader must not keep a chunk past its turn.
  const buffer = new Uint8Array(size);
  for (let at = 0; at < bytes.length; at += size) {
    const n = Math.min(size, bytes.length - at);
    buffer.set(bytes.subarray(at, at + n));
    yield buffer.subarray(0, n);
  }
}

const OPTS: ParseOptions = { file: "prediction_dyadic.json", split: "dyadic" };

/** Compares both readers on `bytes`; returns whether the streaming reader handled it. */
function same(bytes: Uint8Array, chunk: number, opts: ParseOptions = OPTS): boolean {
  const whole = parsePredictionFile(bytes, opts);
  const streamed = streamPredictionFile(chunked(bytes, chunk), bytes.length, opts);
  if (streamed === null) return false;
  expect(JSON.stringify(streamed.issues)).toBe(JSON.stringify(whole.issues));
  expect({ ok: streamed.ok, count: streamed.count, file: streamed.file, split: streamed.split }).toEqual({ ok: whole.ok, count: whole.items.length, file: whole.file, split: whole.split });
  if (streamed.ok) {
    const items: PredictionItem[] = [];
    const n = forEachStreamedItem(chunked(bytes, CHUNKS[(chunk * 7) % CHUNKS.length]), streamed.occurrence, (item, index) => {
      expect(index).toBe(items.length);
      items.push(item);
    });
    expect(n).toBe(whole.items.length);
    expect(JSON.stringify(items)).toBe(JSON.stringify(whole.items));
  }
  return true;
}

const item = { question_text: "Q?", question_image: "", system_answer: "A", original_answer: "A", category: "Answer Refusal" };
const json = (v: unknown) => enc.encode(JSON.stringify(v));
const withBytes = (b: Uint8Array, at: number, ins: number[]) => Uint8Array.from([...b.subarray(0, at), ...ins, ...b.subarray(at)]);

/** Inputs the reader must stream (and match), chosen to hit each rule it implements. */
const STREAMED: Array<[string, Uint8Array, Partial<ParseOptions>?]> = [
  ["valid", json({ predictions: [item, { ...item, question_text: "Q2?" }] })],
  ["empty array", json({ predictions: [] })],
  ["no predictions field", json({ other: 1 })],
  ["empty root", enc.encode("{}")],
  ["predictions is an object", json({ predictions: { a: 1 } })],
  ["predictions is null", enc.encode('{"predictions": null}')],
  ["item errors: each kind", json({ predictions: [{ ...item, system_answer: 1 }, { question_text: "x" }, { ...item, category: "Nope" }, 5, null, [], { ...item, system_answer: "a\u0000" }, { ...item, category: { a: 1 } }] })],
  ["duplicates", json({ predictions: [item, { ...item, extra: 1 }, { ...item, question_text: " q? " }, item] })],
  ["BOM", withBytes(json({ predictions: [item] }), 0, [0xef, 0xbb, 0xbf])],
  ["two BOMs", withBytes(json({ predictions: [item] }), 0, [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf])],
  ["comments, template style", enc.encode(`// template\n{ /* a */ "predictions": [ // first\n${JSON.stringify(item)} /* "[{ */ ] } // end`)],
  ["comment inside an item", enc.encode(`{"predictions": [{"question_text": "Q?", /* "} */ "question_image": "", // ]\n "system_answer": "A", "original_answer": "A", "category": "Answer Refusal"}]}`)],
  ["line comment at the end of the file", enc.encode(`{"predictions": []}//`)],
  ["CRLF and tabs", enc.encode(`{\r\n\t"predictions": [\r\n\t\t${JSON.stringify(item)}\r\n\t]\r\n}\r\n`)],
  ["duplicate keys: last wins", enc.encode(`{"predictions": [1, 2], "predictions": [${JSON.stringify(item)}], "x": 1, "x": 2}`)],
  ["duplicate predictions, last not an array", enc.encode(`{"predictions": [${JSON.stringify(item)}], "predictions": "no"}`)],
  ["item duplicate keys", enc.encode(`{"predictions": [{"question_text": 1, "question_text": "Q?", "question_image": "", "system_answer": "A", "original_answer": "A", "category": "Nope", "category": "Answer Refusal"}]}`)],
  ["integer-like top-level keys go first", enc.encode(`{"b": 1, "predictions": [], "10": 1, "2": 1, "a": 1}`)],
  ["escapes and lone surrogates", enc.encode(`{"pre\\u0064ictions": [{"question_text": "\\ud800\\u00e9\\/\\"\\\\\\b\\f\\n\\r\\t", "question_image": "", "system_answer": "\\uDC00 x", "original_answer": "\\ud83d\\ude00", "category": "Answer Refusal"}]}`)],
  ["numbers", enc.encode(`{"predictions": [${JSON.stringify(item)}], "n": [1e999, -0, 123456789012345678901234567890, 0.5E-3]}`)],
  ["multi-byte text", json({ predictions: [{ ...item, question_text: "Ünïcödé café 🎒 中文 ✓" }] })],
  ["too many items", json({ predictions: [item, item, item] }), { maxItems: 2 }],
  ["too large", json({ predictions: [item] }), { maxBytes: 10 }],
  ["unknown fields past the cap, top level and items", json({ ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`t${i}`, i])), predictions: Array.from({ length: 40 }, (_, i) => ({ ...item, question_text: `Q${i}`, x: 1 })) })],
];

/** Inputs it must decline: the whole-file parser's report (line/column etc.) is the answer. */
const DECLINED: Array<[string, Uint8Array]> = [
  ["empty", enc.encode("")],
  ["blank", enc.encode(" \n ")],
  ["not JSON", enc.encode("hello")],
  ["root array", json([item])],
  ["root string", json("x")],
  ["trailing comma", enc.encode('{"predictions": [1,]}')],
  ["trailing comma in root", enc.encode('{"predictions": [],}')],
  ["truncated", json({ predictions: [item] }).subarray(0, 40)],
  ["invalid UTF-8", withBytes(json({ predictions: [item] }), 10, [0xc3, 0x28])],
  ["cut multi-byte character", enc.encode('{"predictions": []} "é').subarray(0, 23)],
  ["deep", enc.encode('{"predictions": ' + "[".repeat(5000) + "]".repeat(5000) + "}")],
  ["deep only by the guard's count (brackets in a comment)", enc.encode(`{"predictions": [] /* ${"[".repeat(70)} */}`)],
  ["__proto__ root key", enc.encode('{"__proto__": {"predictions": []}, "predictions": []}')],
  ["__proto__ item key", enc.encode(`{"predictions": [{"__proto__": {"a": 1}, "question_text": "Q?", "question_image": "", "system_answer": "A", "original_answer": "A", "category": "Answer Refusal"}]}`)],
  ["unterminated block comment", enc.encode('{"predictions": []} /* x')],
  ["a single slash", enc.encode('{"predictions": []} /')],
  ["text after the root", enc.encode('{"predictions": []} {}')],
  ["single quotes", enc.encode("{'predictions': []}")],
  ["NaN", enc.encode('{"predictions": [NaN]}')],
  ["raw control character in a string", enc.encode('{"predictions": ["a\tb"]}')],
  ["non-breaking space between tokens", enc.encode('{"predictions":\u00a0[]}')],
  ["vertical tab", enc.encode('{"predictions":\v[]}')],
];

announce("streaming prediction-file reader");

describe("streaming prediction-file reader = whole-file parser", () => {
  it.each(STREAMED)("streams and matches: %s", (_name, bytes, opts) => {
    for (const chunk of CHUNKS) expect(same(bytes, chunk, { ...OPTS, ...opts })).toBe(true);
  });

  it.each(DECLINED)("declines: %s", (_name, bytes) => {
    for (const chunk of CHUNKS) expect(same(bytes, chunk)).toBe(false);
  });

  it("every fixture file, in every chunk size (valid and warning fixtures are streamed)", () => {
    for (const f of fixtures) {
      const streamed = CHUNKS.map((chunk) => same(f.bytes, chunk));
      expect(new Set(streamed).size, f.name).toBe(1);
      if (/^(good|perfect|with-warnings|errors|swapped)\//.test(f.name) || f.name === "malformed/bom.json") expect(streamed[0], f.name).toBe(true);
    }
  });

  it("generated files: same report and items in any chunking; most are streamed", () => {
    let streamed = 0;
    let total = 0;
    fc.assert(
      fc.property(doc, style, fc.constantFrom(...CHUNKS), fc.option(fc.integer({ min: 0, max: 40 })), fc.boolean(), (d, s, chunk, maxItems, bom) => {
        const text = (bom ? "\ufeff" : "") + write(d, s);
        total++;
        if (same(enc.encode(text), chunk, { ...OPTS, maxItems: maxItems ?? undefined })) streamed++;
      }),
      fuzzParams(400, PROPS),
    );
    // The reader declines only what it must (non-object roots, __proto__ keys); if it declined
    // everything, the equality above would prove nothing.
    expect(streamed / total).toBeGreaterThan(0.6);
  }, fuzzTimeout(PROPS));

  it("mutated and truncated fixtures: same report whenever streamed", () => {
    fc.assert(
      fc.property(mutatedFixture, fc.constantFrom(...CHUNKS), (f, chunk) => {
        same(f.bytes, chunk);
      }),
      fuzzParams(300, PROPS),
    );
  }, fuzzTimeout(PROPS));
});

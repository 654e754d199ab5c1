// Fuzzing the prediction-file validator (lib/scoring/validate.ts) with random JSON values,
// random bytes and mutated fixture files (tests/fixtures/predictions): truncation, inserted and
// invalid UTF-8 bytes, BOMs, deep nesting, huge strings, duplicate keys, repeated regions.
// Properties: it always returns (never throws or hangs); ok <=> no error; every issue has a
// message, a JSON Pointer that points into the document and a fix (only the "N more" summary
// lines have neither); bytes and the same text as a string give the same report; and
// re-serialising a valid file (indentation, key order, escapes, CRLF, BOM) changes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParsedFile, ParseOptions } from "@/lib/scoring";
import { fuzzParams, fuzzTimeout } from "./fuzz-config";
import { crlf, mutatedFixture, validStrictFixtures } from "./mutations";
import { timeBoxFor } from "./time-box";

const PROPS = 3;
const box = timeBoxFor("prediction-file validator");

const SUMMARY = /^\d+ more [A-Z0-9_]+ (error|warning)s not listed \(\d+ in total\)\.$/;
const POINTER = /^(\/([^~/]|~[01])*)*$/;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const validate = (input: string | Uint8Array, opts: ParseOptions, label: string) =>
  box.run<ParsedFile>(
    "validate",
    [input, opts],
    () =>
      `${label} (${typeof input === "string" ? `${input.length} chars` : `${input.length} bytes`}): ${JSON.stringify((typeof input === "string" ? input : Buffer.from(input).toString("latin1")).slice(0, 160))}`,
  );

function resolve(doc: unknown, pointer: string): { found: boolean; parentFound: boolean } {
  const parts = pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const ok = cur !== null && typeof cur === "object" && Object.hasOwn(cur, parts[i]);
    if (!ok) return { found: false, parentFound: i === parts.length - 1 };
    cur = (cur as Record<string, unknown>)[parts[i]];
  }
  return { found: true, parentFound: true };
}

/** What every report must satisfy, whatever the input. */
function checkReport(out: ParsedFile, opts: ParseOptions, input: string | Uint8Array): void {
  expect(out).toMatchObject({ file: opts.file, split: opts.split });
  const errors = out.issues.filter((i) => i.severity === "error");
  expect(out.ok).toBe(errors.length === 0);
  if (!out.ok) expect(out.items).toEqual([]);
  let doc: { value: unknown } | null = null;
  try {
    const text = typeof input === "string" ? input : utf8.decode(input);
    doc = { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    // not strict JSON: paths are still checked for shape below
  }
  const perCode = new Map<string, number>();
  for (const issue of out.issues) {
    expect(["error", "warning"]).toContain(issue.severity);
    expect(issue.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(issue.file).toBe(opts.file);
    expect(issue.message.trim(), JSON.stringify(issue)).not.toBe("");
    expect(issue.path).toMatch(POINTER);
    const key = `${issue.severity}:${issue.code}`;
    perCode.set(key, (perCode.get(key) ?? 0) + 1);
    if (SUMMARY.test(issue.message)) {
      expect(issue.path).toBe("");
      continue;
    }
    expect(issue.fix?.trim() ?? "", `${issue.code} has no fix`).not.toBe("");
    if (doc && issue.path !== "") {
      const r = resolve(doc.value, issue.path);
      // A missing field's path names the field; its object must exist.
      if (issue.code === "MISSING_FIELD" || issue.code === "MISSING_PREDICTIONS")
        expect(r.parentFound, issue.path).toBe(true);
      else expect(r.found, `${issue.code} at ${issue.path}`).toBe(true);
    }
  }
  for (const [key, n] of perCode) expect(n, key).toBeLessThanOrEqual(51); // 50 listed + 1 summary
  for (const item of out.items) {
    for (const f of ["question_text", "question_image", "system_answer", "original_answer", "category"] as const)
      expect(typeof item[f]).toBe("string");
  }
}

const optsArb = fc.record({
  file: fc.constantFrom("prediction_dyadic.json", "x/prediction_multiparty.json"),
  split: fc.constantFrom("dyadic" as const, "multi-party" as const),
  maxItems: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  maxBytes: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
});

const field = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 10 }),
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom("Memory Recall", "UPR", "Multimodal Casual Reasoning (MCR)", "", "\u0000"),
);
const nearMissItem = fc.record(
  {
    question_text: field,
    question_image: field,
    system_answer: field,
    original_answer: field,
    category: field,
    extra: field,
    "a/b~c": field,
  },
  { requiredKeys: [] },
);
const randomInput = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        predictions: fc.array(fc.oneof(nearMissItem, fc.jsonValue({ maxDepth: 2 })), { maxLength: 8 }),
        other: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }),
  // Error-dense files: one syntax error every few characters, up to ~400 kB.
  fc
    .tuple(
      fc.constantFrom("{", "[", '{"predictions": ['),
      fc.constantFrom("@ ", "1 ", "'a',\n", "{,", "x", "]"),
      fc.integer({ min: 1, max: 100_000 }),
    )
    .map(([a, b, n]) => a + b.repeat(n)),
);

describe("fuzz: prediction-file validator", () => {
  it(
    "random inputs: always a report; ok iff no error; every issue has a message, a pointer and a fix",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(randomInput, optsArb, async (input, opts) => {
          checkReport(await validate(input, opts, "random"), opts, input);
        }),
        fuzzParams(300, PROPS),
      );
    },
  );

  it(
    "mutated fixture files: the same invariants, and bytes = the same text as a string",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      await fc.assert(
        fc.asyncProperty(mutatedFixture, optsArb, async ({ name, bytes }, opts) => {
          const fromBytes = await validate(bytes, opts, name);
          checkReport(fromBytes, opts, bytes);
          let text: string | null = null;
          try {
            // As callers decode text: a leading BOM is dropped (the validator drops one more).
            text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
          } catch {
            expect(fromBytes.issues.map((i) => i.code)).toEqual(
              opts.maxBytes !== undefined && bytes.length > opts.maxBytes ? ["TOO_LARGE"] : ["INVALID_UTF8"],
            );
          }
          if (text === null) return;
          // Without its BOM the text is 3 bytes shorter: compare without the size limit then.
          const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
          const same = bom && opts.maxBytes !== undefined ? { ...opts, maxBytes: undefined } : opts;
          const expected = same === opts ? fromBytes : await validate(bytes, same, name);
          expect(await validate(text, same, name)).toEqual(expected);
        }),
        fuzzParams(300, PROPS),
      );
    },
  );

  it(
    "valid files stay valid, with the same items and issues, under no-op re-serialisations",
    { timeout: fuzzTimeout(PROPS) },
    async () => {
      const noop = fc.record({
        indent: fc.constantFrom(0, 1, 2, 4, "\t"),
        asciiOnly: fc.boolean(),
        keyOrder: fc.constantFrom("same", "reversed", "sorted"),
        crlf: fc.boolean(),
        bom: fc.boolean(),
        pad: fc.constantFrom("", " ", "\n", "\r\n\t "),
        asString: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...validStrictFixtures), noop, async (fixture, m) => {
          const opts = { file: "prediction_dyadic.json", split: "dyadic" as const };
          const base = await validate(fixture.bytes, opts, fixture.name);
          expect(base.ok).toBe(true);
          const doc = JSON.parse(new TextDecoder().decode(fixture.bytes)) as {
            predictions: Array<Record<string, unknown>>;
          };
          const reorder = (o: Record<string, unknown>) => {
            const keys = Object.keys(o);
            const order = m.keyOrder === "reversed" ? keys.reverse() : m.keyOrder === "sorted" ? keys.sort() : keys;
            return Object.fromEntries(order.map((k) => [k, o[k]]));
          };
          let text = JSON.stringify({ predictions: doc.predictions.map(reorder) }, null, m.indent);
          if (m.asciiOnly)
            text = text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
          text = (m.bom ? "\ufeff" : "") + m.pad + text + m.pad;
          let bytes: Uint8Array = new TextEncoder().encode(text);
          if (m.crlf) bytes = crlf(bytes);
          const input = m.asString ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) : bytes;
          const out = await validate(input, opts, `${fixture.name} ${JSON.stringify(m)}`);
          expect(out.ok).toBe(true);
          expect(out.items).toEqual(base.items);
          const issues = (r: ParsedFile) =>
            r.issues.map((i) => `${i.severity} ${i.code} ${i.path} ${i.message}`).sort();
          expect(issues(out)).toEqual(issues(base));
        }),
        fuzzParams(60, PROPS),
      );
    },
  );
});

import fc from "fast-check";

// Random prediction files written token by token, to compare the streaming reader with the
// whole-file parser: random whitespace, // and /* */ comments (also holding quotes and brackets),
// \uXXXX and short escapes (lone surrogates included), duplicate and integer-like keys, top-level
// fields before and after "predictions", repeated "predictions" keys, items with wrong types or
// missing fields, repeated questions, many items sharing a mistake (past the 50-per-code cap).

/** A JSON document as written: objects keep their entries in order, duplicates included. */
export type Doc = { obj: Array<[string, Doc]> } | { arr: Doc[] } | { str: string } | { raw: string };

const TEXTS = ["What did Mara say?", "  WHAT did   mara SAY? ", "Which trail?", "", " ", "Ünïcödé café 🎒", "tab\there", "line\nbreak", 'quote " and \\ backslash', "nul\u0000", "lone \ud800 high", "lone \udc00 low", "slash / and </script>", "\u2028\u2029", "\ufeffbom inside"];
const CATEGORIES = ["Unimodal Precise Recall", "Temporal Reasoning", "Answer Refusal", "Knowledge Resolution", "Multimodal Casual Reasoning", "Test-Time Learning (TTL)", "Nope", ""];
const KEYS = ["question_text", "question_image", "system_answer", "original_answer", "category"];
const EXTRA_KEYS = ["confidence", "notes", "1", "0", "42", "-1", "constructor", "toString", "predictions", "question_text", "é", ""];
const COMMENTS = ["// note\n", "// \"quote [ { in a comment\n", "/* block */", "/* \" ] } [[ */", "/* stars ***/", "// crlf\r\n", "// cr only\r", "/**/", "// é 🎒\n"];

const text = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TEXTS) }, { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 6 }) });
const scalar: fc.Arbitrary<Doc> = fc.oneof(
  text.map((str) => ({ str })),
  fc.constantFrom("0", "-0", "12", "1.5e3", "1e999", "123456789012345678901234567890", "true", "false", "null").map((raw) => ({ raw })),
);
const nested: fc.Arbitrary<Doc> = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }).map((arr) => ({ arr })), fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), scalar), { maxLength: 3 }).map((obj) => ({ obj })));

/** A prediction item: usually valid, sometimes with a wrong/missing field, an extra field, or not an object. */
export const item: fc.Arbitrary<Doc> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ q: fc.constantFrom(...TEXTS.slice(0, 4)), qq: text, useQ: fc.boolean(), img: fc.option(fc.constantFrom("", "2.png", "session1/2.png")), sys: text, ans: fc.constantFrom("Fourteen", "fourteen ", "Sixteen kilometres."), cat: fc.constantFrom(...CATEGORIES.slice(0, 6)), extra: fc.option(fc.tuple(fc.constantFrom(...EXTRA_KEYS), nested)), order: fc.nat() }).map((r) => {
    const entries: Array<[string, Doc]> = [["question_text", { str: r.useQ ? r.q : r.qq }], ["system_answer", { str: r.sys }], ["original_answer", { str: r.ans }], ["category", { str: r.cat }]];
    if (r.img !== null) entries.push(["question_image", { str: r.img }]);
    if (r.extra) entries.push(r.extra);
    const k = r.order % entries.length;
    return { obj: [...entries.slice(k), ...entries.slice(0, k)] };
  }) },
  { weight: 2, arbitrary: fc.tuple(fc.subarray(KEYS), fc.constantFrom(...KEYS), nested, fc.constantFrom(...CATEGORIES)).map(([keys, wrong, value, cat]) => ({ obj: [...keys.map((k): [string, Doc] => [k, { str: k === "category" ? cat : "x" }]), [wrong, value] as [string, Doc]] })) },
  { weight: 1, arbitrary: nested },
);

const items = fc.oneof(
  { weight: 4, arbitrary: fc.array(item, { maxLength: 10 }) },
  // Many items from a few: duplicates and the same issue code past the cap (50 per code).
  { weight: 1, arbitrary: fc.tuple(fc.array(item, { minLength: 1, maxLength: 3 }), fc.integer({ min: 20, max: 130 })).map(([few, n]) => Array.from({ length: n }, (_, i) => few[i % few.length])) },
);

const topField: fc.Arbitrary<[string, Doc]> = fc.tuple(fc.constantFrom(...EXTRA_KEYS, "__proto__", "meta"), nested);

/** A whole file: root layout (usually {"predictions": [...]}) with fields before and after. */
export const doc: fc.Arbitrary<Doc> = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(fc.array(topField, { maxLength: 2 }), items, fc.array(topField, { maxLength: 3 }), fc.nat(60)).map(([before, list, after, many]) => {
    // Sometimes enough unknown top-level fields to share the UNKNOWN_FIELD cap with the items.
    const flood: Array<[string, Doc]> = many > 55 ? Array.from({ length: many - 20 }, (_, i) => [`extra${i}`, { raw: "1" }]) : [];
    return { obj: [...before, ["predictions", { arr: list }] as [string, Doc], ...after, ...flood] };
  }) },
  { weight: 1, arbitrary: fc.tuple(items, items).map(([a, b]): Doc => ({ obj: [["predictions", { arr: a }], ["x", { raw: "1" }], ["predictions", { arr: b }]] })) },
  { weight: 1, arbitrary: fc.tuple(items, nested).map(([a, b]): Doc => ({ obj: [["predictions", { arr: a }], ["predictions", b]] })) },
  { weight: 1, arbitrary: fc.tuple(nested, fc.array(topField, { maxLength: 2 })).map(([p, rest]): Doc => ({ obj: [["predictions", p] as [string, Doc], ...rest] })) },
  { weight: 1, arbitrary: fc.oneof(items.map((arr): Doc => ({ arr })), scalar, fc.array(topField, { maxLength: 3 }).map((obj): Doc => ({ obj }))) },
);

export type Style = { seed: number; spaces: boolean; comments: boolean; escapes: boolean };
export const style: fc.Arbitrary<Style> = fc.record({ seed: fc.integer(), spaces: fc.boolean(), comments: fc.boolean(), escapes: fc.boolean() });

/** Writes `d` as JSON text in the given style (deterministic for a seed). */
export function write(d: Doc, s: Style): string {
  let state = s.seed | 0;
  const rnd = () => ((state = (Math.imul(state, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const gap = () => {
    let out = s.spaces && rnd() < 0.5 ? pick([" ", "\n", "\t", "\r\n", "  ", "\n    "]) : "";
    if (s.comments && rnd() < 0.2) out += pick(COMMENTS) + (rnd() < 0.5 ? " " : "");
    return out;
  };
  const str = (v: string) => {
    let out = '"';
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      const hex = () => `\\u${c.toString(16).padStart(4, "0")}`;
      const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < v.length && v.charCodeAt(i + 1) >= 0xdc00 && v.charCodeAt(i + 1) <= 0xdfff;
      if (c === 34) out += '\\"';
      else if (c === 92) out += "\\\\";
      else if (c < 0x20) out += ({ 10: "\\n", 9: "\\t", 13: "\\r", 8: "\\b", 12: "\\f" } as Record<number, string>)[c] ?? hex();
      else if (c >= 0xd800 && c <= 0xdfff && !pair && !(c >= 0xdc00 && i > 0 && v.charCodeAt(i - 1) >= 0xd800 && v.charCodeAt(i - 1) <= 0xdbff)) out += hex();
      else if (s.escapes && rnd() < 0.3) out += c === 47 && rnd() < 0.5 ? "\\/" : rnd() < 0.5 ? hex() : hex().toUpperCase().replace("\\U", "\\u");
      else out += v[i];
    }
    return out + '"';
  };
  const value = (v: Doc): string => {
    if ("str" in v) return str(v.str);
    if ("raw" in v) return v.raw;
    if ("arr" in v) return `[${gap()}${v.arr.map((x) => value(x) + gap()).join(`,${gap()}`)}]`;
    return `{${gap()}${v.obj.map(([k, x]) => `${str(k)}${gap()}:${gap()}${value(x)}${gap()}`).join(`,${gap()}`)}}`;
  };
  return gap() + value(d) + gap();
}

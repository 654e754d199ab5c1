import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { IssueList } from "../../../lib/scoring/issues";
import { readCleanBytes, readCleanFile, type ByteViews } from "../../../lib/scoring/clean-file";
import { validateItem } from "../../../lib/scoring/validate-item-schema";
import { parsePredictionFile } from "../../../lib/scoring/validate";
import { mutatedFixture } from "../fuzz/mutations";
import { byteViews } from "../../../cli/io";

// readCleanFile reads the common file without JSON.parse's tree: whenever it answers, the full
// path (JSON.parse, then every item through validateItem) must give the same items and no issue.
function plainItems(text: string, maxChars: number): unknown[] | "rejected" {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return "rejected";
  }
  if (root === null || typeof root !== "object" || Object.keys(root).join() !== "predictions") return "rejected";
  const list = (root as { predictions: unknown }).predictions;
  if (!Array.isArray(list) || list.length === 0) return "rejected";
  const issues = new IssueList("f.json");
  const items = list.map((raw, i) => validateItem(raw, i, issues, maxChars, list.length));
  return issues.finish().length > 0 ? "rejected" : items;
}

const str = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("", " ", "Q1", 'a"b', "a\\b", "\\", '"', "a\nb", "\t", "\r\n", "\u0000", "x\u0001", "é", "😀", "\u2028", "\ud800", "UPR", "x".repeat(12)),
);
const category = fc.oneof({ weight: 9, arbitrary: fc.constantFrom("UPR", "Knowledge Resolution", "kr", " upr ") }, fc.constantFrom("nope", "Memory Recall"));
const field = fc.constantFrom("question_text", "question_image", "system_answer", "original_answer", "category", "extra", "__proto__", "question_tex", "categoryX");
const value = fc.oneof({ weight: 8, arbitrary: str }, fc.constantFrom(null, 1, [], {}));
/** [key, JSON value] pairs of one item: usually the five fields (question_image sometimes left out) in any order. */
const itemPairs = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(str, str, str, str, category, fc.boolean()).chain(([t, i, a, r, c, image]) => fc.shuffledSubarray([["question_text", t], ["question_image", i], ["system_answer", a], ["original_answer", r], ["category", c]].filter(([k]) => image || k !== "question_image") as [string, unknown][], { minLength: image ? 5 : 4 })) },
  fc.array(fc.tuple(field, value), { maxLength: 6 }),
);
const space = fc.oneof({ weight: 9, arbitrary: fc.constantFrom("", " ", "\n", "\r\n", "\t", "  \n  ") }, fc.constantFrom("\u00a0", "\f", "\ufeff"));
const escaping = fc.constantFrom("plain", "ascii", "slashes");
function jsonString(s: string, how: string): string {
  const j = JSON.stringify(s);
  if (how === "ascii") return j.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return how === "slashes" ? j.replace(/\//g, "\\/").replace(/a/g, "\\u0061") : j;
}
/** A prediction file written by hand: spacing, key order, escapes and small breakages vary. */
const file = fc
  .tuple(fc.array(fc.oneof({ weight: 20, arbitrary: itemPairs }, value), { maxLength: 6 }), space, escaping, fc.boolean(), fc.oneof({ weight: 12, arbitrary: fc.constant("") }, fc.constantFrom(",", "//c\n", "x", "]", "}", '"other": 1, ')))
  .map(([items, w, how, rawBreaks, odd]) => {
    const item = (it: unknown) => (Array.isArray(it) ? `{${(it as [string, unknown][]).map(([k, v]) => `${w}${JSON.stringify(k)}${w}:${w}${typeof v === "string" ? (rawBreaks ? `"${v}"` : jsonString(v, how)) : JSON.stringify(v)}`).join(`${w},`)}${w}}` : JSON.stringify(it));
    const root = `${w}{${w}${odd === '"other": 1, ' ? odd : ""}"predictions"${w}:${w}[${w}${items.map(item).join(`,${w}`)}${w}]${w}}${w}`;
    return odd === '"other": 1, ' ? root : root + odd;
  });

describe("readCleanFile", () => {
  it("answers only where the full path finds clean items, and then with the same items", { timeout: 60_000 }, () => {
    let answered = 0;
    fc.assert(
      fc.property(file, fc.constantFrom(3, 8_000), (text, maxChars) => {
        const items = readCleanFile(text, maxChars);
        if (items === null) return;
        answered++;
        const plain = plainItems(text, maxChars);
        expect(plain).not.toBe("rejected");
        expect(JSON.stringify(items)).toBe(JSON.stringify(plain));
      }),
      { numRuns: 20_000 },
    );
    expect(answered).toBeGreaterThan(1_000); // the generator reaches the reader's path
  });

  const good = { question_text: "Q?", question_image: "", system_answer: "A long enough answer", original_answer: "ref", category: "UPR" };
  it("reads common files: compact, indented, CRLF, other key order, no question_image, escapes", () => {
    const { question_image: _image, ...noImage } = good;
    const reversed = Object.fromEntries(Object.entries(good).reverse());
    const escaped = { ...good, system_answer: 'say "hi"\n\\ é \u2028 😀 </' };
    for (const [doc, indent] of [[[good], 0], [[good, noImage], 2], [[reversed], "\t"], [[escaped], 1]] as const) {
      const text = JSON.stringify({ predictions: doc }, null, indent);
      const expected = doc.map((it: Record<string, string>) => ({ question_text: it.question_text, question_image: it.question_image ?? "", system_answer: it.system_answer, original_answer: it.original_answer, category: it.category }));
      expect(JSON.stringify(readCleanFile(text, 8_000))).toBe(JSON.stringify(expected));
      expect(readCleanFile(text.replace(/\n/g, "\r\n"), 8_000)).not.toBeNull();
    }
    expect(readCleanFile(JSON.stringify({ predictions: [good] }).replace(/é/g, "\\u00e9"), 8_000)).not.toBeNull();
  });

  it("leaves every other file to the full path", () => {
    const text = JSON.stringify({ predictions: [good] });
    const others = [
      "// template\n" + text,
      text.replace("}]", "},]"),
      text.replace('"UPR"', '"UPR", "extra": 1'),
      text.replace('"Q?"', "5"),
      text.replace('"Q?"', '"Q\n?"'),
      text.replace('"Q?"', '"Q\u0001?"'),
      text.replace('"Q?"', '"Q\\u0000?"'),
      text.replace('"UPR"', '"Memory Recall"'),
      text.replace('"ref"', '"ref", "original_answer": "ref"'),
      text.replace("[", "[\ufeff"),
      '{"predictions": []}',
      '{"other": 1, "predictions": [' + JSON.stringify(good) + "]}",
      text + "x",
      text.replace('"Q?"', '["Q?"]'),
      text.replace('"Q?"', '"Q?\\x"'),
      text.slice(0, -3),
      JSON.stringify({ predictions: [{ question_text: "Q?", system_answer: "a", category: "UPR" }] }),
    ];
    for (const other of others) expect(readCleanFile(other, 8_000), other).toBeNull();
    expect(readCleanFile(text, 19)).toBeNull(); // answer over the limit
  });
});

describe("parsePredictionFile with Node's byte views (cli/io.ts)", () => {
  const views: ByteViews = byteViews;
  const opts = { file: "prediction_dyadic.json", split: "dyadic" as const };
  const same = (bytes: Uint8Array, maxAnswerChars?: number) => {
    const plain = parsePredictionFile(bytes, { ...opts, maxAnswerChars });
    const viewed = parsePredictionFile(bytes, { ...opts, maxAnswerChars, byteViews: views });
    expect(JSON.stringify(viewed)).toBe(JSON.stringify(plain));
  };

  it("reads a file with non-ASCII answers and escapes from its bytes", () => {
    const items = [{ question_text: "Q “1”?", question_image: "", system_answer: '长白山。 \\ "x" 😀', original_answer: "é\u2028", category: "UPR" }];
    const text = JSON.stringify({ predictions: items }, null, 1);
    const bytes = new TextEncoder().encode("\ufeff" + text);
    expect(readCleanBytes(bytes, views, 8_000)).toEqual(items);
    expect(readCleanBytes(bytes.subarray(0, bytes.length - 2), views, 8_000)).toBeNull();
    expect(readCleanBytes(Uint8Array.from([...bytes, 0xff]), views, 8_000)).toBeNull();
  });

  it("gives the same report and items as without them", { timeout: 60_000 }, () => {
    const wide = fc.constantFrom("é", "“quoted”", "长白山。", "😀", "\\u00e9", "Ã©", "\u0080", "\u2028", "\ufeff", "\ufeffx");
    const withWide = fc.tuple(file, fc.array(fc.tuple(fc.nat(), wide), { maxLength: 4 }), fc.constantFrom("", "﻿", "﻿﻿")).map(([text, inserts, bom]) => {
      // Non-ASCII text put inside strings (after an opening quote), sometimes elsewhere.
      let out = text;
      for (const [n, w] of inserts) {
        const quotes = [...out.matchAll(/": ?"/g)].map((m) => m.index + m[0].length);
        const at = quotes.length > 0 && n % 5 !== 0 ? quotes[n % quotes.length] : n % (out.length + 1);
        out = out.slice(0, at) + w + out.slice(at);
      }
      return bom + out;
    });
    fc.assert(
      fc.property(withWide, fc.constantFrom(undefined, 3), fc.nat(), (text, maxChars, bad) => {
        const bytes = new TextEncoder().encode(text);
        same(bytes, maxChars);
        if (bytes.length > 0 && bad % 4 === 0) same(Uint8Array.from([...bytes.subarray(0, bad % bytes.length), 0xc3, ...bytes.subarray(bad % bytes.length)]), maxChars);
      }),
      { numRuns: 5_000 },
    );
    fc.assert(fc.property(mutatedFixture, ({ bytes }) => same(bytes)), { numRuns: 500 });
  });

  it("the strict UTF-8 check agrees with the fatal decoder", () => {
    const decodes = (b: Uint8Array) => {
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 8 }).map((s) => new TextEncoder().encode(s)));
    fc.assert(
      fc.property(bytes, (b) => {
        expect(byteViews.isUtf8(b)).toBe(decodes(b));
      }),
      { numRuns: 20_000 },
    );
  });
});

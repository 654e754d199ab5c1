import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";

// Byte-level mutations of prediction files for the validator fuzzer. Positions are drawn as plain
// numbers and reduced modulo the current length, so mutations compose on files of any size.

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/predictions");

/** Every fixture prediction file (valid, with warnings, with errors, malformed) as bytes. */
export const fixtures: Array<{ name: string; bytes: Uint8Array }> = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(FIXTURES, d.name))
      .filter((f) => f.endsWith(".json"))
      .map((f) => `${d.name}/${f}`),
  )
  .sort()
  .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(FIXTURES, name))) }));

/** Fixtures that are strict JSON and valid (for the no-op mutation property). */
export const validStrictFixtures = fixtures.filter((f) => f.name.startsWith("good/") || f.name.startsWith("perfect/"));

export type Mutation = { name: string; apply: (b: Uint8Array) => Uint8Array };

const enc = new TextEncoder();
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const insertAt = (b: Uint8Array, pos: number, ins: Uint8Array) => {
  const at = b.length === 0 ? 0 : pos % (b.length + 1);
  return concat(b.subarray(0, at), ins, b.subarray(at));
};
/** Insert after the n-th occurrence (mod count) of a byte pattern, or at the end. */
const afterPattern = (b: Uint8Array, pattern: string, n: number, ins: Uint8Array) => {
  const text = Buffer.from(b).toString("latin1");
  const hits: number[] = [];
  for (let i = text.indexOf(pattern); i !== -1 && hits.length < 1000; i = text.indexOf(pattern, i + 1))
    hits.push(i + pattern.length);
  return hits.length === 0
    ? concat(b, ins)
    : concat(b.subarray(0, hits[n % hits.length]), ins, b.subarray(hits[n % hits.length]));
};

/** LF -> CRLF on the bytes (0x0a never occurs inside a multi-byte UTF-8 sequence). */
export function crlf(b: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (const x of b) {
    if (x === 0x0a) out.push(0x0d);
    out.push(x);
  }
  return new Uint8Array(out);
}

const INVALID_UTF8 = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xc3],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
].map((a) => new Uint8Array(a));
const JSON_BITS = [
  '"',
  "\\",
  "\\u",
  "\\ud800",
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  "null",
  "1e999",
  "-0",
  "NaN",
  "//",
  "/*",
  "\u2028",
  "\u0000",
  "\t",
  '"predictions"',
  '"category":',
  "\ufeff",
  '// "quote in a comment\n',
  '/* " */',
  '"broken string\n',
];

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((n) => ({ name: `truncate@${n}`, apply: (b: Uint8Array) => b.subarray(0, n % (b.length + 1)) })),
  fc
    .tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 }))
    .map(([n, ins]) => ({ name: `insert-bytes@${n}:${[...ins]}`, apply: (b: Uint8Array) => insertAt(b, n, ins) })),
  fc
    .tuple(fc.nat(), fc.constantFrom(...INVALID_UTF8))
    .map(([n, ins]) => ({ name: `invalid-utf8@${n}:${[...ins]}`, apply: (b: Uint8Array) => insertAt(b, n, ins) })),
  fc.tuple(fc.nat(), fc.constantFrom(...JSON_BITS)).map(([n, s]) => ({
    name: `insert-text@${n}:${JSON.stringify(s)}`,
    apply: (b: Uint8Array) => insertAt(b, n, enc.encode(s)),
  })),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 64 })).map(([n, len]) => ({
    name: `delete@${n}+${len}`,
    apply: (b: Uint8Array) => {
      const at = n % (b.length + 1);
      return concat(b.subarray(0, at), b.subarray(at + len));
    },
  })),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([n, v]) => ({
    name: `set-byte@${n}=${v}`,
    apply: (b: Uint8Array) => {
      const c = b.slice();
      if (c.length) c[n % c.length] = v;
      return c;
    },
  })),
  fc.constant({ name: "bom", apply: (b: Uint8Array) => concat(new Uint8Array([0xef, 0xbb, 0xbf]), b) }),
  fc.constant({ name: "utf16-bom", apply: (b: Uint8Array) => concat(new Uint8Array([0xff, 0xfe]), b) }),
  // Deep nesting, sometimes behind something that makes quote-counting disagree with the parser.
  fc
    .tuple(
      fc.constantFrom("", "", '// "\n', '/* " */', '"\n'),
      fc.constantFrom("[", "{", '{"a":', "[[{"),
      fc.noBias(fc.integer({ min: 1, max: 20_000 })),
      fc.nat(),
    )
    .map(([pre, open, depth, n]) => ({
      name: `deep-nesting ${JSON.stringify(pre)}+${open}x${depth}@${n}`,
      apply: (b: Uint8Array) => insertAt(b, n, enc.encode(pre + open.repeat(depth))),
    })),
  fc
    .tuple(
      fc.constantFrom("a", "\u00e9", "\ud83d\ude00", "\\n", "\\\\", "\\u0041", " "),
      fc.integer({ min: 1, max: 300_000 }),
      fc.nat(),
    )
    .map(([s, n, k]) => ({
      name: `huge-string ${JSON.stringify(s)}x${n}`,
      apply: (b: Uint8Array) => afterPattern(b, '"system_answer": "', k, enc.encode(s.repeat(n))),
    })),
  fc
    .tuple(
      fc.constantFrom(
        '"category": 5, ',
        '"category": "Nope", ',
        '"system_answer": null, ',
        '"question_text": "dup", ',
        '"predictions": 1, ',
        '"__proto__": {"x": 1}, ',
        '"constructor": "x", ',
      ),
      fc.nat(),
    )
    .map(([dup, k]) => ({
      name: `duplicate-key ${dup}`,
      apply: (b: Uint8Array) => afterPattern(b, "{", k, enc.encode(dup)),
    })),
  fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 2, max: 2_000 })).map(([n, len, times]) => ({
    name: `repeat@${n}+${len % 200}x${times}`,
    apply: (b: Uint8Array) => {
      const at = n % (b.length + 1);
      const part = b.subarray(at, at + (len % 200));
      return concat(b.subarray(0, at), ...Array.from({ length: times }, () => part), b.subarray(at));
    },
  })),
  fc.constant({ name: "crlf", apply: crlf }),
);

/** A fixture and 1-3 mutations applied in order; `name` says which, for the failure report. */
export const mutatedFixture = fc
  .tuple(fc.constantFrom(...fixtures), fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([f, ms]) => ({
    name: `${f.name} | ${ms.map((m) => m.name).join(" | ")}`,
    bytes: ms.reduce((b, m) => m.apply(b), f.bytes),
  }));

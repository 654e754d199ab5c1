// The lexical WebAssembly module's data, derived at build time from its one home
// (lib/scoring/lexical/data/*.ts and filter.ts): an AssemblyScript module, assembly/tables.ts, that
// scripts/build/wasm.mjs hands to the compiler (it exists only in memory), so the module
// starts with its tables in place instead of the host loading them at every start.
import { build } from "esbuild";
import path from "node:path";

/** The source of assembly/tables.ts. */
export async function tablesSource(root) {
  const entry = `export * from "./data/unicode-tables"; export * from "./data/punkt-english"; export * from "./data/stopwords"; export { EXTRA_STOPWORDS } from "./filter";`;
  const out = await build({ stdin: { contents: entry, resolveDir: path.join(root, "lib/scoring/lexical"), loader: "ts" }, bundle: true, write: false, format: "esm", logLevel: "warning" });
  const d = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
  const lines = ["// GENERATED in memory by scripts/build/wasm-lexical-tables.mjs from ../../data/*.ts. Not a file on disk.", ""];
  const ints = (name, values) => lines.push(`export const ${name} = memory.data<i32>([${values.join(",")}]);`, `export const ${name}_COUNT = ${values.length / 2};`);
  const bytes = (name, text) => {
    const b = Buffer.from(text, "utf8");
    lines.push(`export const ${name} = memory.data<u8>([${[...b].join(",")}]);`, `export const ${name}_LEN = ${b.length};`);
  };
  // Character classes (same order as CLASS_* in assembly/text.ts): sorted [first, last] pairs.
  for (const [name, body] of [["SPACE", d.PY_SPACE], ["DIGIT", d.PY_DIGIT], ["WORD", d.PY_WORD], ["UPPER", d.PY_UPPER], ["LOWER", d.PY_LOWER]]) ints(`RANGES_${name}`, classRanges(body));
  ints("LOWER_MAP", lowerPairs(d.PY_LOWER_RUNS));
  // Word lists (same order as SET_* in assembly/sets.ts): lines "word" or "word\tvalue".
  const lists = [
    d.ABBREV_TYPES,
    d.SENT_STARTERS,
    d.COLLOCATIONS.map(([a, b]) => `${a}\u0000${b}`),
    [...new Set(d.COLLOCATIONS.map(([a]) => a))],
    [...d.STOPWORDS_NEW, ...d.EXTRA_STOPWORDS],
    [...d.STOPWORDS_OLD, ...d.EXTRA_STOPWORDS],
    d.ORTHO_CONTEXT.map(([word, flags]) => `${word}\t${flags}`),
  ];
  lists.forEach((words, i) => bytes(`LIST_${i}`, words.join("\n")));
  lines.push(`export const LISTS = ${lists.length};`);
  lines.push(`export function listData(i: i32): usize { ${lists.map((_, i) => `if (i == ${i}) return LIST_${i};`).join(" ")} return 0; }`);
  lines.push(`export function listLength(i: i32): i32 { ${lists.map((_, i) => `if (i == ${i}) return LIST_${i}_LEN;`).join(" ")} return 0; }`);
  return lines.join("\n") + "\n";
}

/** [first, last, ...] of a generated class body (code points and "a-b" ranges in order; none holds "-" itself). */
function classRanges(body) {
  const cps = Array.from(body, (ch) => ch.codePointAt(0));
  const out = [];
  for (let i = 0; i < cps.length; i++) {
    const range = cps[i + 1] === 0x2d && i + 2 < cps.length;
    const last = range ? cps[i + 2] : cps[i];
    if (last < cps[i] || (out.length > 0 && cps[i] <= out[out.length - 1])) throw new Error("wasm: a character class is not in order");
    out.push(cps[i], last);
    if (range) i += 2;
  }
  return out;
}

/** (code point, lowercase) pairs of str.lower()'s one-to-one mappings, sorted by code point. */
function lowerPairs(runs) {
  const pairs = [];
  for (const [start, count, step, delta] of runs) for (let i = 0; i < count; i++) pairs.push([start + i * step, start + i * step + delta]);
  pairs.sort((a, b) => a[0] - b[0]);
  return pairs.flat();
}

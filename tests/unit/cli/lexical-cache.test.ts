// The CLI's lexical cache (cli/lexical-cache.ts): a re-run computes only the pairs no earlier run
// computed, its numbers are bit for bit those computed afresh, and a file of another engine build,
// other options, a damaged file or an unsafe folder is never read.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openLexicalCache, pairKey, readTable } from "../../../cli/lexical-cache";
import { serialLexical, type LexicalBatch, type LexicalOptions } from "../../../lib/scoring";

const root = mkdtempSync(path.join(os.tmpdir(), "h2hmem-lexical-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const NLTK: LexicalOptions = { tokenizer: "nltk", stopwords: "new" };
let folders = 0;

function folder(): string {
  const dir = path.join(root, `c${folders++}`);
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** serialLexical, recording which pairs it was asked for. */
function counting(): { batch: LexicalBatch; asked: string[] } {
  const asked: string[] = [];
  return { asked, batch: (p, r, o) => (asked.push(...p), serialLexical(p, r, o)) };
}

const preds = ["Paris is the capital.", "He went to the U.S. in 2019, didn't he?", "", "Dr. Wu met Ms. Chen.", "She likes tea"];
const refs = ["Paris", "He went to the US in 2019.", "nothing", "Wu and Chen met.", "tea"];

function run(dir: string, p: string[], r: string[], opts = NLTK, build = "build-a") {
  const cache = openLexicalCache(opts, { H2HMEM_CACHE_DIR: dir }, build);
  if (!cache) throw new Error("no cache");
  const { batch, asked } = counting();
  const scores = cache.wrap(batch)(p, r, opts);
  cache.save();
  return { scores, asked, stats: cache.stats() };
}

describe("lexical cache", () => {
  it("computes new pairs only, with the numbers computed afresh (Object.is)", () => {
    const dir = folder();
    const first = run(dir, preds, refs);
    expect(first.asked).toEqual(preds);
    const again = run(dir, preds, refs);
    expect(again.asked).toEqual([]);
    expect(again.stats).toMatchObject({ hits: 5, misses: 0 });
    const fresh = serialLexical(preds, refs, NLTK);
    expect(again.scores.length).toBe(fresh.length);
    again.scores.forEach((v, k) => expect(Object.is(v, fresh[k])).toBe(true));
    // One changed answer: only that pair is computed; the others still come from the file.
    const changed = [...preds];
    changed[1] = "He went to the U.S. in 2020.";
    expect(run(dir, changed, refs).asked).toEqual([changed[1]]);
    // The earlier run's pairs stay in the file after this run's (both hit now).
    expect(run(dir, preds, refs).asked).toEqual([]);
    expect(run(dir, changed, refs).asked).toEqual([]);
  });

  it("reads a file of either size: a small one (a slice of Node's buffer pool) and a large one (its own memory)", () => {
    for (const n of [3, 400]) {
      const dir = folder();
      const p = Array.from({ length: n }, (_, i) => `${preds[i % preds.length]} (${i})`);
      const r = Array.from({ length: n }, (_, i) => refs[(i * 3) % refs.length]);
      const first = run(dir, p, r);
      const file = readdirSync(dir).find((f) => f.startsWith("lexical-"))!;
      expect(statSync(path.join(dir, file)).size > 8192).toBe(n === 400);
      expect(readTable(path.join(dir, file)).count).toBe(n);
      const again = run(dir, p, r);
      expect(again.stats).toMatchObject({ hits: n, misses: 0 });
      expect(Array.from(again.scores)).toEqual(Array.from(first.scores));
    }
  });

  it("keeps other options and other engine builds apart", () => {
    const dir = folder();
    run(dir, preds, refs);
    const ws: LexicalOptions = { tokenizer: "whitespace", stopwords: "new" };
    expect(run(dir, preds, refs, ws).asked).toEqual(preds);
    expect(run(dir, preds, refs, { tokenizer: "nltk", stopwords: "old" }).asked).toEqual(preds);
    expect(run(dir, preds, refs, NLTK, "build-b").asked).toEqual(preds);
    expect(readdirSync(dir).sort()).toEqual(["lexical-build-a-nltk-new.bin", "lexical-build-a-nltk-old.bin", "lexical-build-a-whitespace-new.bin", "lexical-build-b-nltk-new.bin"]);
    // Called with options other than its own, it computes everything and keeps nothing of it.
    const cache = openLexicalCache(NLTK, { H2HMEM_CACHE_DIR: dir }, "build-a")!;
    const { batch, asked } = counting();
    cache.wrap(batch)(preds, refs, ws);
    expect(asked).toEqual(preds);
  });

  it("ignores a damaged file, and rewrites it", () => {
    const dir = folder();
    run(dir, preds, refs);
    const file = path.join(dir, "lexical-build-a-nltk-new.bin");
    const bytes = readFileSync(file);
    bytes[bytes.length - 3] ^= 0x40; // one bit of one stored number
    writeFileSync(file, bytes);
    expect(readTable(file).count).toBe(0);
    const after = run(dir, preds, refs);
    expect(after.asked).toEqual(preds);
    expect(readTable(file).count).toBe(5);
    writeFileSync(file, bytes.subarray(0, 30)); // truncated
    expect(run(dir, preds, refs).asked).toEqual(preds);
  });

  it("writes nothing when every pair came from the file", () => {
    const dir = folder();
    run(dir, preds, refs);
    const file = path.join(dir, "lexical-build-a-nltk-new.bin");
    const before = statSync(file).mtimeMs;
    writeFileSync(file, readFileSync(file)); // same bytes, new mtime
    const touched = statSync(file).mtimeMs;
    run(dir, preds, refs);
    expect(statSync(file).mtimeMs).toBe(touched);
    expect(touched).toBeGreaterThanOrEqual(before);
  });

  it("is off without an engine build (from source), with H2HMEM_CACHE_DIR=off, or in a folder others can write", () => {
    expect(openLexicalCache(NLTK, { H2HMEM_CACHE_DIR: folder() }, null)).toBeNull();
    expect(openLexicalCache(NLTK, { H2HMEM_CACHE_DIR: "off" }, "build-a")).toBeNull();
    const shared = folder();
    chmodSync(shared, 0o777);
    expect(openLexicalCache(NLTK, { H2HMEM_CACHE_DIR: shared }, "build-a")).toBeNull();
  });

  it("gives pairs that differ only in where the texts split different keys", () => {
    const keys = new Int32Array(12);
    pairKey("ab", "c", keys, 0);
    pairKey("a", "bc", keys, 4);
    pairKey("ab", "c", keys, 8);
    expect([...keys.subarray(0, 4)]).not.toEqual([...keys.subarray(4, 8)]);
    expect([...keys.subarray(0, 2)]).not.toEqual([...keys.subarray(4, 6)]);
    expect([...keys.subarray(0, 4)]).toEqual([...keys.subarray(8, 12)]);
  });
});

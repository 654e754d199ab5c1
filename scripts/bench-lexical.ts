// Lexical scorer throughput on one core: `npx tsx scripts/bench-lexical.ts [seconds-per-mode]`.
// Pairs are the typical answers of tests/fixtures/lexical/parity-vectors.jsonl (golden dev set
// and real benchmark answers). Nothing is cached between pairs except the memoized exp/log
// factors of BLEU-1, which depend only on small integer counts. "per CPU-second" divides by the
// process's CPU time, which is the fairer figure on a machine shared with other load.
import { readFileSync } from "node:fs";
import { lexicalScores } from "@/lib/scoring/lexical";
import type { LexicalOptions } from "@/lib/scoring/types";

const seconds = Number(process.argv[2] ?? 3);
const fixture = new URL("../tests/fixtures/lexical/parity-vectors.jsonl", import.meta.url);
const rows = readFileSync(fixture, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { kind: string; pred: string; ref: string })
  .filter((r) => r.kind === "golden" || r.kind.startsWith("real_"));
// "Typical" = answers up to 1,000 characters; the golden set's few adversarial 20k-character
// answers are measured separately, since they would otherwise dominate the average.
const TYPICAL_MAX = 1000;
const pairs: Array<[string, string]> = rows
  .filter((r) => r.pred.length <= TYPICAL_MAX && r.ref.length <= TYPICAL_MAX)
  .map((r) => [r.pred, r.ref]);
const longPairs: Array<[string, string]> = rows
  .filter((r) => r.pred.length > TYPICAL_MAX || r.ref.length > TYPICAL_MAX)
  .map((r) => [r.pred, r.ref]);

const avg = (ps: Array<[string, string]>) => ps.reduce((n, [p, r]) => n + p.length + r.length, 0) / (2 * ps.length);
console.log(`node ${process.version}; typical: ${pairs.length} pairs, avg ${avg(pairs).toFixed(0)} chars per answer;` +
  ` long: ${longPairs.length} pairs, avg ${avg(longPairs).toFixed(0)} chars`);

function run(label: string, set: Array<[string, string]>, opts: LexicalOptions): void {
  let sink = 0;
  for (let i = 0; i < 3 * set.length; i++) sink += lexicalScores(...set[i % set.length], opts).f1; // warm-up
  const before = process.memoryUsage();
  const cpu0 = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  const start = performance.now();
  while (performance.now() < deadline) {
    for (const [p, r] of set) sink += lexicalScores(p, r, opts).bleu1;
    n += set.length;
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const after = process.memoryUsage();
  const mb = (b: number) => (b / 1048576).toFixed(1);
  const fmt = (x: number) => Math.round(x).toLocaleString("en-US").padStart(9);
  console.log(
    `${label.padEnd(20)} ${fmt(n / elapsed)} pairs/s wall, ${fmt(n / cpuSeconds)} pairs per CPU-second` +
      `  (${n} pairs in ${elapsed.toFixed(2)} s; rss ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB)` +
      (Number.isNaN(sink) ? " NaN!" : ""),
  );
}

run("typical nltk", pairs, { tokenizer: "nltk", stopwords: "new" });
run("typical whitespace", pairs, { tokenizer: "whitespace", stopwords: "new" });
run("long nltk", longPairs, { tokenizer: "nltk", stopwords: "new" });
run("long whitespace", longPairs, { tokenizer: "whitespace", stopwords: "new" });

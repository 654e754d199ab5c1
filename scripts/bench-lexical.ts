// Lexical scorer throughput on one core:
//   npx tsx scripts/bench-lexical.ts [seconds-per-mode] [--oracle <lexical-oracle dir>]
// With --oracle, the Python+NLTK reference (same algorithm as the official script) is timed on the
// same pairs in the same conditions, and the speed-up is printed.
// Pairs are the typical answers of tests/fixtures/lexical/parity-vectors.jsonl (golden dev set
// and real benchmark answers). Nothing is cached between pairs except the memoized exp/log
// factors of BLEU-1, which depend only on small integer counts. "per CPU-second" divides by the
// process's CPU time, which is the fairer figure on a machine shared with other load.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lexicalScores } from "@/lib/scoring/lexical";
import type { LexicalOptions } from "@/lib/scoring/types";

const args = process.argv.slice(2);
const oracleAt = args.indexOf("--oracle");
const oracleDir = oracleAt >= 0 ? args[oracleAt + 1] : null;
const seconds = Number(args.find((a, i) => /^\d+(\.\d+)?$/.test(a) && (oracleAt < 0 || i !== oracleAt + 1)) ?? 3);
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

function run(label: string, set: Array<[string, string]>, opts: LexicalOptions): number {
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
  return n / cpuSeconds;
}

// Times the Python oracle's pair() on the same pairs; returns pairs per CPU-second.
function runOracle(dir: string, set: Array<[string, string]>, sentMode: string): number {
  const file = join(mkdtempSync(join(tmpdir(), "bench-lexical-")), "pairs.json");
  writeFileSync(file, JSON.stringify(set));
  const code = [
    "import sys, json, time",
    "sys.path.insert(0, sys.argv[1])",
    "import lexical_ref as L",
    "m = L.build('new', sys.argv[2]); pairs = json.load(open(sys.argv[3])); n = 0",
    "c = time.process_time(); t = time.perf_counter()",
    "while time.perf_counter() - t < float(sys.argv[4]):",
    "    for p, r in pairs: m.pair(p, r)",
    "    n += len(pairs)",
    "print(n / (time.process_time() - c))",
  ].join("\n");
  const res = spawnSync("/usr/bin/python3", ["-c", code, dir, sentMode, file, String(seconds)], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`oracle failed: ${res.stderr}`);
  return Number(res.stdout.trim());
}

const nltkRate = run("typical nltk", pairs, { tokenizer: "nltk", stopwords: "new" });
const wsRate = run("typical whitespace", pairs, { tokenizer: "whitespace", stopwords: "new" });
run("long nltk", longPairs, { tokenizer: "nltk", stopwords: "new" });
run("long whitespace", longPairs, { tokenizer: "whitespace", stopwords: "new" });

if (oracleDir) {
  for (const [label, rate, mode] of [
    ["nltk", nltkRate, "punkt_tab"],
    ["whitespace", wsRate, "split_fallback"],
  ] as const) {
    const py = runOracle(oracleDir, pairs, mode);
    console.log(`python oracle ${label.padEnd(10)} ${Math.round(py).toLocaleString("en-US")} pairs per CPU-second -> TypeScript is ${(rate / py).toFixed(0)}x faster`);
  }
}

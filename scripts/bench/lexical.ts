// Lexical scorer throughput on one core, in CPU time (the machine is shared: wall time says more
// about the neighbours than about the scorer):
//   npx tsx scripts/bench/lexical.ts [seconds-per-measurement] [--rounds N] [--oracle <lexical-oracle dir>]
//     [--official <a copy of varib1/H2HMEM evaluate_metrics/Lexical_metrics/Lexical_metrics.py>]
//     [--processes N]
// Pairs are the typical answers of tests/fixtures/lexical/parity-vectors.jsonl (golden dev set
// and real benchmark answers). Each round measures, per tokenizer mode, after a JIT warm-up:
//   cold: the token table and Punkt memo are emptied before every pass (a fresh worker; the fast
//         engine's machine code stays: WebAssembly has no interpreted warm-up to redo);
//   warm: they are kept (tokens already interned);
//   reference: the plain reference engine (lib/scoring/lexical/reference.ts) on the same pairs;
//   python: with --oracle, the Python+NLTK reference (the official script's algorithm) on the
//         same pairs, in the same round, so that both see the same machine load;
//   official: with --official (needs --oracle for NLTK's data files), the official script's own
//         calculate_single_pair, unmodified (scripts/oracle/official-lexical-harness.py), same pairs and
//         round. Before timing, every parity vector is scored by it and compared with ours.
// Reported: the median over rounds of pairs per CPU-second, and the speed-ups. Then, with
// --processes N (default 5; 0 = skip), what a CLI run sees: N alternating fresh processes per
// engine, each scoring 2,236 and 50,000 distinct pairs once (cold JIT), CPU time of that loop.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { clearLexicalCaches, LEXICAL_ENGINES, lexicalScores, serialLexical, type LexicalEngine, type LexicalOptions, type TokenizerMode } from "@/lib/scoring";

const args = process.argv.slice(2);
const flag = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : null);
const oracleDir = flag("--oracle");
const officialScript = flag("--official");
if (officialScript && !oracleDir) throw new Error("--official needs --oracle (NLTK's data files come from it)");
const rounds = Number(flag("--rounds") ?? 3);
const seconds = Number(args.find((a, i) => /^\d+(\.\d+)?$/.test(a) && !args[i - 1]?.startsWith("--")) ?? 2);
const fixture = new URL("../../tests/fixtures/lexical/parity-vectors.jsonl", import.meta.url);
const rows = readFileSync(fixture, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { kind: string; pred: string; ref: string })
  .filter((r) => r.kind === "golden" || r.kind.startsWith("real_"));
// "Typical" = answers up to 1,000 characters; the golden set's few adversarial 20k-character
// answers are measured separately, since they would otherwise dominate the average.
const TYPICAL_MAX = 1000;
type Pair = [string, string];
const pairs: Pair[] = rows.filter((r) => r.pred.length <= TYPICAL_MAX && r.ref.length <= TYPICAL_MAX).map((r) => [r.pred, r.ref]);
const longPairs: Pair[] = rows.filter((r) => r.pred.length > TYPICAL_MAX || r.ref.length > TYPICAL_MAX).map((r) => [r.pred, r.ref]);
if (args[0] === "--child") childRun(args[1] as LexicalEngine, Number(args[2]));

const avg = (ps: Pair[]) => ps.reduce((n, [p, r]) => n + p.length + r.length, 0) / (2 * ps.length);
const load = () => loadavg().map((x) => x.toFixed(2)).join(" / ");
const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(
  `node ${process.version}; typical: ${pairs.length} pairs, avg ${avg(pairs).toFixed(0)} chars per answer; long: ${longPairs.length} pairs, ` +
    `avg ${avg(longPairs).toFixed(0)} chars; ${rounds} rounds of ${seconds} s per measurement; load average ${load()}`,
);

let sink = 0;
/**
 * Pairs per CPU-second of an engine over whole passes of `set` for about `seconds`: the fast engine
 * as the worker and the CLI call it (serialLexical, a batch per pass), the reference pair by pair.
 */
function measure(set: Pair[], opts: LexicalOptions, cold: boolean, engine: LexicalEngine = "fast"): number {
  const preds = set.map(([p]) => p);
  const refs = set.map(([, r]) => r);
  const cpu0 = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  while (performance.now() < deadline) {
    if (cold) clearLexicalCaches();
    if (engine === "fast") sink += serialLexical(preds, refs, opts)[3];
    else for (const [p, r] of set) sink += lexicalScores(p, r, { ...opts, engine }).bleu1;
    n += set.length;
  }
  const cpu = process.cpuUsage(cpu0);
  return n / ((cpu.user + cpu.system) / 1e6);
}

// Pair sets handed to the Python processes: each written once, all removed at exit.
const scratch = mkdtempSync(join(tmpdir(), "bench-lexical-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
const pairFiles = new Map<Pair[], string>();
function pairsFile(set: Pair[]): string {
  let file = pairFiles.get(set);
  if (!file) {
    file = join(scratch, `pairs-${pairFiles.size}.json`);
    writeFileSync(file, JSON.stringify(set));
    pairFiles.set(set, file);
  }
  return file;
}

/** The Python oracle's pair() on the same pairs; pairs per CPU-second (its process time). */
function oracle(dir: string, set: Pair[], mode: TokenizerMode): number {
  const file = pairsFile(set);
  const code = [
    "import sys, json, time",
    "sys.path.insert(0, sys.argv[1])",
    "import lexical_ref as L",
    "m = L.build('new', sys.argv[2]); pairs = json.load(open(sys.argv[3])); n = 0",
    "for p, r in pairs[:200]: m.pair(p, r)",
    "c = time.process_time(); t = time.perf_counter()",
    "while time.perf_counter() - t < float(sys.argv[4]):",
    "    for p, r in pairs: m.pair(p, r)",
    "    n += len(pairs)",
    "print(n / (time.process_time() - c))",
  ].join("\n");
  const sentMode = mode === "nltk" ? "punkt_tab" : "split_fallback";
  const res = spawnSync("/usr/bin/python3", ["-c", code, dir, sentMode, file, String(seconds)], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`oracle failed: ${res.stderr}`);
  return Number(res.stdout.trim());
}

/** Runs scripts/oracle/official-lexical-harness.py (the official script's own per-pair code). */
function official(set: Pair[], mode: TokenizerMode, what: string[]): string {
  const file = pairsFile(set);
  const harness = new URL("../oracle/official-lexical-harness.py", import.meta.url).pathname;
  const res = spawnSync("/usr/bin/python3", [harness, "--script", officialScript!, "--oracle", oracleDir!, "--pairs", file, "--mode", mode, ...what], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (res.status !== 0) throw new Error(`official script failed: ${res.stderr}`);
  return res.stdout;
}

/** Parity with the official script itself: every vector, both modes, all four metrics, exact. */
function officialParity(): void {
  const files = ["parity-vectors.jsonl", "fastpath-vectors.jsonl"];
  const all: Pair[] = files.flatMap((f) =>
    readFileSync(new URL(`../../tests/fixtures/lexical/${f}`, import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { pred: string; ref: string })
      .map((r): Pair => [r.pred, r.ref]),
  );
  for (const mode of ["nltk", "whitespace"] as const) {
    const theirs = official(all, mode, ["--scores"]).trim().split("\n").map((l) => JSON.parse(l) as number[]);
    let same = 0;
    const diffs: string[] = [];
    all.forEach(([p, r], i) => {
      const s = lexicalScores(p, r, { tokenizer: mode, stopwords: "new" });
      const ours = [s.precision, s.recall, s.f1, s.bleu1];
      if (ours.every((x, k) => Object.is(x, theirs[i][k]))) same++;
      else if (diffs.length < 5) diffs.push(`#${i}: ours ${JSON.stringify(ours)} official ${JSON.stringify(theirs[i])}`);
    });
    console.log(`official parity ${mode}: ${same} of ${all.length} pairs identical in all four metrics${diffs.length ? `; first differences: ${diffs.join("; ")}` : ""}`);
  }
}
if (officialScript) officialParity();

for (const mode of ["nltk", "whitespace"] as const) {
  const opts: LexicalOptions = { tokenizer: mode, stopwords: "new" };
  for (let i = 0; i < 3; i++) for (const [p, r] of pairs) sink += lexicalScores(p, r, opts).f1; // warm-up (JIT)
  for (let i = 0; i < 3; i++) for (const [p, r] of pairs) sink += lexicalScores(p, r, { ...opts, engine: "reference" }).f1;
  const cold: number[] = [];
  const warm: number[] = [];
  const ref: number[] = [];
  const py: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternating order, so that neither engine always runs right after the other.
    if (round % 2 === 1) ref.push(measure(pairs, opts, true, "reference"));
    cold.push(measure(pairs, opts, true));
    warm.push(measure(pairs, opts, false));
    if (round % 2 === 0) ref.push(measure(pairs, opts, true, "reference"));
    if (oracleDir) py.push(oracle(oracleDir, pairs, mode));
    if (officialScript) off.push(Number(official(pairs, mode, ["--seconds", String(seconds)]).trim()));
    console.log(
      `  ${mode} round ${round + 1}: cold ${fmt(cold[round])}, warm ${fmt(warm[round])}, reference engine ${fmt(ref[round])}` +
        (oracleDir ? `, python oracle ${fmt(py[round])}` : "") +
        (officialScript ? `, official script ${fmt(off[round])}` : "") + ` pairs per CPU-second (load ${load()})`,
    );
  }
  const speedup = (x: number) =>
    (officialScript ? ` = ${(x / median(off)).toFixed(0)}x official` : "") + (oracleDir ? ` = ${(x / median(py)).toFixed(0)}x oracle` : "");
  console.log(`typical ${mode.padEnd(10)} median pairs per CPU-second: cold ${fmt(median(cold))}${speedup(median(cold))}, warm ${fmt(median(warm))}${speedup(median(warm))}, reference engine ${fmt(median(ref))} (fast = ${(median(cold) / median(ref)).toFixed(1)}x)` +
    (oracleDir ? `; python oracle ${fmt(median(py))}` : "") + (officialScript ? `; official script ${fmt(median(off))}` : ""));
}
for (const mode of ["nltk", "whitespace"] as const) {
  const opts: LexicalOptions = { tokenizer: mode, stopwords: "new" };
  console.log(`long ${mode.padEnd(10)} ${fmt(measure(longPairs, opts, true))} pairs per CPU-second (cold; reference engine ${fmt(measure(longPairs, opts, true, "reference"))})`);
}
// Memory as inputs grow: a stream of pairs, each prediction with a token never seen before (so
// the id table fills and is emptied again) against a 2,236-answer key. Results are not kept, so
// what grows would be the scorer's own state.
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (b: number) => (b / 1048576).toFixed(1);
let streamed = 0;
for (const upto of [2_236, 100_000, 1_000_000]) {
  for (; streamed < upto; streamed++) {
    const [p, r] = pairs[streamed % pairs.length];
    sink += lexicalScores(`${p} v${streamed.toString(36)}`, `${r} k${streamed % 2236}`).f1;
  }
  gc?.();
  const m = process.memoryUsage();
  console.log(`memory after ${fmt(upto)} distinct pairs: rss ${mb(m.rss)} MB, heap used ${mb(m.heapUsed)} MB${gc ? " (after gc)" : ""}`);
}
console.log(`peak rss ${mb(process.resourceUsage().maxRSS * 1024)} MB; load average ${load()}` + (Number.isNaN(sink) ? " NaN!" : ""));

// What one CLI run sees: fresh processes (cold JIT), each scoring n distinct pairs once.
const processes = Number(flag("--processes") ?? 5);
for (const n of processes > 0 ? [2_236, 50_000] : []) {
  const ms: Record<LexicalEngine, number[]> = { fast: [], reference: [] };
  for (let i = 0; i < processes; i++) {
    const order = [...LEXICAL_ENGINES];
    if (i % 2 === 1) order.reverse();
    for (const engine of order) {
      const res = spawnSync(process.execPath, ["--import", "tsx", new URL(import.meta.url).pathname, "--child", engine, String(n)], { encoding: "utf8" });
      if (res.status !== 0) throw new Error(`child failed: ${res.stderr}`);
      ms[engine].push(Number(res.stdout.trim()));
    }
  }
  const [f, r] = [median(ms.fast), median(ms.reference)];
  console.log(`fresh process, ${fmt(n)} distinct pairs (nltk): fast ${fmt(f)} ms CPU, reference ${fmt(r)} ms (median of ${processes}; fast = ${(r / f).toFixed(1)}x; load ${load()})`);
}

/** Child of the fresh-process measurement: CPU ms to score n distinct pairs once, then exit. */
function childRun(engine: LexicalEngine, n: number): never {
  // A token of its own in every answer, so that no text repeats (one answer per question).
  const set = Array.from({ length: n }, (_, i): Pair => [`${pairs[i % pairs.length][0]} p${i.toString(36)}`, `${pairs[(i * 7) % pairs.length][1]} r${i.toString(36)}`]);
  let total = 0;
  const cpu0 = process.cpuUsage();
  if (engine === "fast") serialLexical(set.map(([p]) => p), set.map(([, r]) => r), { tokenizer: "nltk", stopwords: "new" }).forEach((v, k) => (total += k % 4 === 2 ? v : 0));
  else for (const [p, r] of set) total += lexicalScores(p, r, { engine }).f1;
  const cpu = process.cpuUsage(cpu0);
  console.log(((cpu.user + cpu.system) / 1000).toFixed(1));
  process.exit(Number.isNaN(total) ? 1 : 0);
}

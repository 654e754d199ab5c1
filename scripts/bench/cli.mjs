// `npm run bench:cli`: what an author feels. Whole processes, timed from spawn to exit, side by
// side in one run with alternating order (so every engine sees the same machine load):
//   ours      `node h2hmem.mjs`: a copy of dist/h2hmem.mjs, the single-file CLI the site serves
//             (--ours "CMD" to time another): --help, validate of a one-item file, score --json
//             (lexical in the default NLTK 3.5 mode + 1,000-resample bootstrap CIs);
//   oracle    the lean Python+NLTK oracle (lexical_ref.py, one tokenization per text; --oracle DIR),
//             with NLTK 3.5 when --nltk-src DIR (a checkout of nltk at tag 3.5) is given;
//   official  the official Lexical_metrics.py's calculate_single_pair, unmodified, through
//             scripts/oracle/official-lexical-harness.py --scores (needs --official PATH).
// Inputs: 2,236 distinct pairs (typical answers of the parity vectors, each with a token of its own
// so that no text repeats). Reported: median wall ms of --runs alternating runs (range), median CPU
// ms (user + sys) and the peak RSS of the median run (GNU time).
//   node scripts/bench/cli.mjs [--runs 7] [--sizes 2236] [--no-startup] [--ours "CMD"] [--baseline FILE] [--official FILE] [--oracle DIR] [--nltk-src DIR]
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(flag("--runs", 7));
const sizes = flag("--sizes", "2236").split(",").map(Number);
const nltkSrc = flag("--nltk-src", null);
const startup = !args.includes("--no-startup");
const single = path.join(ROOT, "dist/h2hmem.mjs");
let ours = flag("--ours", `node ${single}`).split(" ");
const official = flag(
  "--official",
  existsSync("/tmp/official/Lexical_metrics.py") ? "/tmp/official/Lexical_metrics.py" : null,
);
const oracleDir = flag(
  "--oracle",
  existsSync("/work/shared/tools/lexical-oracle") ? "/work/shared/tools/lexical-oracle" : null,
);
const PY = "/usr/bin/python3";
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

const rows = readFileSync(path.join(ROOT, "tests/fixtures/lexical/parity-vectors.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l))
  .filter((r) => (r.kind === "golden" || r.kind.startsWith("real_")) && r.pred.length <= 1000 && r.ref.length <= 1000);
const pairsOf = (n) =>
  Array.from({ length: n }, (_, i) => [
    `${rows[i % rows.length].pred} p${i.toString(36)}`,
    `${rows[(i * 7) % rows.length].ref} r${i.toString(36)}`,
  ]);

const dir = mkdtempSync(path.join(tmpdir(), "bench-cli-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
// The single file runs from a copy in the scratch folder, as an author runs the download (no
// node_modules anywhere above it; a rebuild during the run cannot pull it away).
if (ours[1] === single) {
  if (!existsSync(single)) throw new Error("dist/h2hmem.mjs is missing: run `npm run build:bundles` first");
  copyFileSync(single, path.join(dir, "h2hmem.mjs"));
  ours = ["node", path.join(dir, "h2hmem.mjs")];
}
function writeInputs(n) {
  const pairs = pairsOf(n);
  const predictions = pairs.map(([pred, ref], i) => ({
    question_text: `Question ${i}?`,
    question_image: "",
    system_answer: pred,
    original_answer: ref,
    category: "Knowledge Resolution",
  }));
  const file = path.join(dir, String(n), "prediction_dyadic.json");
  spawnSync("mkdir", ["-p", path.dirname(file)]);
  writeFileSync(file, JSON.stringify({ predictions }));
  writeFileSync(path.join(dir, `pairs-${n}.json`), JSON.stringify(pairs));
  writeFileSync(
    path.join(dir, `pairs-${n}.jsonl`),
    pairs.map(([pred, ref], id) => JSON.stringify({ id, pred, ref })).join("\n") + "\n",
  );
  return file;
}
const one = writeInputs(1);
// --baseline FILE: another single file (e.g. the previous build) timed side by side, from its own copy.
const baselineFile = flag("--baseline", null);
const baseline = baselineFile ? ["node", path.join(dir, "baseline", "h2hmem.mjs")] : null;
if (baselineFile) {
  spawnSync("mkdir", ["-p", path.join(dir, "baseline")]);
  copyFileSync(baselineFile, baseline[1]);
}
const withBaseline = (engines, args) => (baseline ? { ...engines, baseline: [...baseline, ...args] } : engines);

/** Wall ms and peak RSS (MB) of one whole process; throws on a non-zero exit. */
function run(cmd) {
  const mem = path.join(dir, "rss");
  const argv = GNU_TIME ? [GNU_TIME, "-f", "%M %U %S", "-o", mem, ...cmd] : cmd;
  const t = performance.now();
  const res = spawnSync(argv[0], argv.slice(1), { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 });
  const ms = performance.now() - t;
  if (res.status !== 0) throw new Error(`${cmd.join(" ")} exited ${res.status}: ${res.stderr}`);
  const [rss, user, sys] = GNU_TIME
    ? readFileSync(mem, "utf8").trim().split("\n").pop().split(" ").map(Number)
    : [NaN, NaN, NaN];
  return { ms, rss: rss / 1024, cpu: (user + sys) * 1000 };
}

/** Runs every engine `runs` times, rotating which goes first; median run per engine. */
function compare(label, engines, warmUp = true) {
  const names = Object.keys(engines);
  const got = Object.fromEntries(names.map((n) => [n, []]));
  if (warmUp) for (const n of names) run(engines[n]); // the file cache (inputs were just written: scoring skips it)
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      got[name].push(run(engines[name]));
    }
  }
  const out = names.map((n) => {
    const sorted = [...got[n]].sort((a, b) => a.ms - b.ms);
    const med = sorted[sorted.length >> 1];
    const cpu = got[n].map((r) => r.cpu).sort((a, b) => a - b)[got[n].length >> 1];
    return `${n} ${med.ms.toFixed(0)} ms wall (${sorted[0].ms.toFixed(0)}-${sorted[sorted.length - 1].ms.toFixed(0)}), ${cpu.toFixed(0)} ms cpu, ${med.rss.toFixed(0)} MB`;
  });
  console.log(`${label.padEnd(34)} ${out.join(" | ")}   (load ${loadavg()[0].toFixed(2)})`);
}

console.log(
  `${new Date().toISOString()}; node ${process.version}; ${cpus().length} x ${cpus()[0]?.model}; median of ${runs} alternating runs; ours = ${ours.join(" ")}`,
);
// Node loads and parses every certificate of that file at start, before any of our code runs.
if (process.env.NODE_EXTRA_CA_CERTS)
  console.log(
    `note: NODE_EXTRA_CA_CERTS is set: every Node start below includes loading it (here ~45 ms); unset it to time what an author's machine does`,
  );
if (startup) {
  compare("node -e 0 (Node's own start)", { node: [process.execPath, "-e", "0"] });
  compare("--help", withBaseline({ ours: [...ours, "--help"] }, ["--help"]));
  compare("validate, 1-item file", withBaseline({ ours: [...ours, "validate", one] }, ["validate", one]));
}
for (const n of sizes) {
  const file = writeInputs(n);
  const engines = withBaseline(
    {
      ours: [...ours, "score", "--json", "--dyadic", file],
      "ours --nltk 3.8": [...ours, "score", "--json", "--nltk", "3.8", "--dyadic", file],
    },
    ["score", "--json", "--dyadic", file],
  );
  if (official && oracleDir) {
    const harness = path.join(ROOT, "scripts/oracle/official-lexical-harness.py");
    engines.official = [
      PY,
      harness,
      "--script",
      official,
      "--oracle",
      oracleDir,
      "--pairs",
      path.join(dir, `pairs-${n}.json`),
      "--mode",
      "nltk",
      "--scores",
    ];
  }
  const oracle = (src) => [
    PY,
    path.join(oracleDir, "lexical_ref.py"),
    "--no-tokens",
    ...(src ? ["--nltk-src", src] : []),
    "-i",
    path.join(dir, `pairs-${n}.jsonl`),
    "-o",
    "/dev/null",
  ];
  if (oracleDir && nltkSrc) engines["oracle (NLTK 3.5)"] = oracle(nltkSrc);
  if (oracleDir) engines["oracle (NLTK 3.8)"] = oracle(null);
  compare(`score, ${n.toLocaleString("en-US")} pairs`, engines);
}

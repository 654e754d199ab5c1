// `npm run bench`: timings of the scoring engine (validation, matching, lexical scoring, bootstrap
// aggregation) on benchmark-sized and 100k-prediction inputs built from the committed fixtures,
// then the whole-process CLI bench (scripts/bench/cli.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  aggregateScores,
  matchPredictions,
  parsePredictionFile,
  scoreSubmission,
  type PredictionItem,
  type QuestionResult,
  type ReferenceQuestion,
} from "../../lib/scoring";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const base = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/predictions/good/prediction_dyadic.json"), "utf8"))
  .predictions as PredictionItem[];
const BENCH_SIZE = 2236; // questions in H2HMem (2,046 dyadic + 190 multi-party)

function measure<T>(label: string, fn: () => T): T {
  fn(); // warm-up, so the JIT state matches a long-running worker
  const cpu = process.cpuUsage();
  const t = performance.now();
  const out = fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  console.log(
    `${label.padEnd(58)} wall ${wall.toFixed(0).padStart(6)} ms   cpu ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} ms`,
  );
  return out;
}

// Distinct question texts so matching does real work; answers cycle through the fixture.
const items = (n: number): PredictionItem[] =>
  Array.from({ length: n }, (_, i) => ({
    ...base[i % base.length],
    question_text: `${base[i % base.length].question_text} #${i}`,
  }));
const keyFor = (list: PredictionItem[]): ReferenceQuestion[] =>
  list.map((p, i) => ({
    qid: `dyadic/dialogue1/session1/${i}`,
    split: "dyadic",
    dialogue: 1,
    session: 1,
    index: i,
    questionText: p.question_text,
    questionImage: p.question_image,
    category: "UPR",
    mainType: "RECALL",
    difficulty: "medium",
    answer: p.original_answer,
  }));

const bench = items(BENCH_SIZE);
const big = items(100_000);
const bigText = JSON.stringify({ predictions: big });
console.log(
  `node ${process.version}; ${BENCH_SIZE} and ${big.length} predictions (${(bigText.length / 1048576).toFixed(1)} MB JSON)\n`,
);

measure(`parsePredictionFile, ${big.length} items`, () =>
  parsePredictionFile(bigText, { file: "big.json", split: "dyadic", maxItems: 1e7, maxBytes: 1e9 }),
);
measure(`matchPredictions, ${BENCH_SIZE} vs ${BENCH_SIZE}-question key`, () =>
  matchPredictions("dyadic", bench, keyFor(bench), "bench.json"),
);
const results: QuestionResult[] = bench.map((_, i) => ({
  split: i < 2046 ? "dyadic" : "multi-party",
  category: (["UPR", "CRR", "KR", "TR", "MCR", "RET", "TTL", "CD", "AR"] as const)[i % 9],
  qid: null,
  metrics: {
    precision: (i % 7) / 7,
    recall: (i % 5) / 5,
    f1: (i % 3) / 3,
    bleu1: (i % 11) / 11,
    judge: i % 13 === 0 ? null : (i % 4) / 4,
  },
}));
measure(`aggregateScores, ${BENCH_SIZE} q x 1000 resamples x 5 metrics`, () => aggregateScores(results));
measure(`scoreSubmission (lexical + bootstrap), ${BENCH_SIZE} with key`, () =>
  scoreSubmission({ files: { dyadic: bench }, answerKey: keyFor(bench) }),
);
measure(`scoreSubmission (lexical + bootstrap), ${big.length}`, () => scoreSubmission({ files: { dyadic: big } }));
// The whole job for one full-size submission: validate the uploaded JSON, then score it against
// the answer key. "first" empties the lexical caches first (a fresh worker); "later" is every
// further submission.
const benchText = JSON.stringify({ predictions: bench });
const benchKey = keyFor(bench);
const validateAndScore = () =>
  scoreSubmission({
    files: { dyadic: parsePredictionFile(benchText, { file: "bench.json", split: "dyadic" }).items },
    answerKey: benchKey,
  });
measure(`validate + score a full submission (${BENCH_SIZE})`, validateAndScore);

// What an author feels: the compiled CLI as whole processes, beside the official script and the
// lean oracle (scripts/bench/cli.mjs; builds the bundles first when they are missing).
console.log("\n--- whole-process CLI (scripts/bench/cli.mjs) ---");
if (!existsSync(path.join(ROOT, "dist/h2hmem.mjs")))
  spawnSync(process.execPath, [path.join(ROOT, "scripts/build/bundles.mjs")], { cwd: ROOT, stdio: "inherit" });
const cli = spawnSync(process.execPath, [path.join(ROOT, "scripts/bench/cli.mjs")], { cwd: ROOT, stdio: "inherit" });
if (cli.status !== 0) process.exitCode = cli.status ?? 1;

// `h2hmem validate` / `h2hmem score` stream regular files (cli/io.ts) and parse anything else
// (a pipe, which can be read only once) whole, as they all did before streaming. The same bytes
// through a regular file and through a named pipe must give byte-identical stdout, stderr, exit
// codes and --per-question files: a large-ish generated file with comments, warnings past the
// per-code caps, duplicates and answer-key mismatches, and an invalid one.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fileChunks } from "@/cli/io";
import { streamPredictionFile } from "@/lib/scoring/stream-prediction-file";
import { REPO_ROOT } from "../../support/run-h2hmem";

const KEY = path.join(REPO_ROOT, "prisma/seed-data/dataset");
const PRED = path.join(REPO_ROOT, "tests/fixtures/predictions");
const N = 20_000;
let dir = "";

type Run = { code: number; stdout: string; stderr: string; perQuestion: string | null };

function run(args: string[], perQuestion: string | null): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, "bin/h2hmem.mjs"), ...args], { cwd: REPO_ROOT, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
      let pq: string | null = null;
      try {
        pq = perQuestion ? readFileSync(perQuestion, "utf8") : null;
      } catch {
        pq = null;
      }
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, perQuestion: pq });
    });
  });
}

/** Runs `args` (FILE = the prediction file) on the regular file and on a pipe with the same name. */
async function both(name: string, args: string[]): Promise<[Run, Run]> {
  const results: Run[] = [];
  for (const side of ["file", "pipe"] as const) {
    const file = path.join(dir, side, name);
    const pq = args.includes("--per-question") ? path.join(dir, side, `${name}.pq.jsonl`) : null;
    const argv = args.map((a) => (a === "FILE" ? file : a === "PQ" ? pq! : a));
    const feeding = side === "pipe" ? writeFile(file, readFileSync(path.join(dir, "file", name))) : Promise.resolve();
    const [r] = await Promise.all([run(argv, pq), feeding]);
    results.push({ ...r, stderr: r.stderr.replaceAll(path.join(dir, side), "DIR") });
  }
  return results as [Run, Run];
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "h2hmem-stream-"));
  mkdirSync(path.join(dir, "file"));
  mkdirSync(path.join(dir, "pipe"));
  const good = JSON.parse(readFileSync(path.join(PRED, "good/prediction_dyadic.json"), "utf8")).predictions as Array<Record<string, string>>;
  const odd = JSON.parse(readFileSync(path.join(PRED, "errors/prediction_dyadic.json"), "utf8")).predictions as unknown[];
  const items = Array.from({ length: N }, (_, i) => {
    const base = good[i % good.length];
    if (i % 97 === 5) return { ...base, question_text: `${base.question_text} variant ${i}` }; // unmatched
    if (i % 89 === 3) return { ...base, system_answer: "", note: i }; // empty answer, unknown field
    return { ...base, system_answer: `${base.system_answer} ${i % 13}` }; // repeats: DUPLICATE_QUESTION/PREDICTION
  });
  const lines = items.map((it, i) => (i % 1000 === 0 ? `  // block ${i}\n  ` : "  ") + JSON.stringify(it));
  const text = `// generated\n{\n "meta": {"n": ${N}},\n "predictions": [\n${lines.join(",\n")}\n ], /* end */ "version": 2\n}\n`;
  const bad = JSON.stringify({ predictions: [...items.slice(0, 5000), ...odd] });
  for (const [name, content] of [["prediction_dyadic.json", text], ["big.json", text], ["bad.json", bad]] as const) {
    writeFileSync(path.join(dir, "file", name), content);
    execFileSync("mkfifo", [path.join(dir, "pipe", name)]);
  }
});

describe("streamed (regular file) = whole (pipe) CLI output", () => {
  it("the regular files are really streamed", () => {
    for (const name of ["prediction_dyadic.json", "bad.json"]) {
      const file = path.join(dir, "file", name);
      const r = streamPredictionFile(fileChunks(file), readFileSync(file).length, { file: name, split: "dyadic", maxItems: 10_000_000, maxBytes: 1 << 30 });
      expect(r, name).not.toBeNull();
    }
  });

  it.each([
    ["prediction_dyadic.json", ["score", "--dyadic", "FILE", "--answer-key", KEY, "--json", "--per-question", "PQ", "--resamples", "200"]],
    ["prediction_dyadic.json", ["score", "--dyadic", "FILE", "--json", "--per-question", "PQ", "--resamples", "200"]],
    ["prediction_dyadic.json", ["score", "--dyadic", "FILE", "--answer-key", KEY, "--resamples", "100"]],
    ["prediction_dyadic.json", ["validate", "FILE", "--answer-key", KEY, "--json"]],
    ["prediction_dyadic.json", ["validate", "FILE"]],
    ["big.json", ["validate", "FILE", "--answer-key", KEY, "--json"]],
    ["big.json", ["score", "--multiparty", "FILE", "--answer-key", KEY, "--json", "--resamples", "100"]],
    ["bad.json", ["validate", "FILE", "--json"]],
    ["bad.json", ["score", "--dyadic", "FILE", "--json", "--per-question", "PQ"]],
    ["bad.json", ["score", "--dyadic", "FILE"]],
  ] as Array<[string, string[]]>)("%s: %j", async (name, args) => {
    const [file, pipe] = await both(name, args);
    expect(file.stdout.length + file.stderr.length).toBeGreaterThan(0);
    expect(file).toEqual(pipe);
  }, 180_000);
});

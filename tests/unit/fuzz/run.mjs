// `npm run fuzz`: the fuzz properties of tests/unit/fuzz in long mode, with a random seed.
//   npm run fuzz                          2 minutes per target, all four targets
//   npm run fuzz -- --minutes 10 tokenizer validator
//   npm run fuzz -- --runs 100000         a run count instead of a time budget
//   npm run fuzz -- --seed 123456         replay a seed printed by an earlier run
// Options: --minutes M (per target), --runs N (per property), --seed S, --case-timeout MS.
// Targets: validator, categories, tokenizer, judge-reply (default: all).
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const TARGETS = ["validator", "categories", "tokenizer", "judge-reply"];
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || !/^\d+(\.\d+)?$/.test(v)) {
    console.error(`[fuzz] --${name} needs a number`);
    process.exit(2);
  }
  args.splice(i, 2);
  return v;
};
const runs = opt("runs");
const minutes = opt("minutes") ?? (runs === undefined ? "2" : undefined);
const seed = opt("seed") ?? String(randomInt(1, 2 ** 31 - 1));
const caseTimeout = opt("case-timeout");
const unknown = args.filter((a) => !TARGETS.includes(a));
if (unknown.length > 0) {
  console.error(`[fuzz] unknown argument(s) ${unknown.join(" ")}; targets: ${TARGETS.join(", ")}`);
  process.exit(2);
}
const files = (args.length > 0 ? args : TARGETS).map((t) => path.join("tests/unit/fuzz", `${t}.test.ts`));
const env = { ...process.env, FUZZ_SEED: seed };
if (minutes !== undefined) env.FUZZ_MINUTES = minutes;
if (runs !== undefined) env.FUZZ_RUNS = runs;
if (caseTimeout !== undefined) env.FUZZ_CASE_TIMEOUT_MS = caseTimeout;

console.log(
  `[fuzz] seed ${seed}; ${minutes !== undefined ? `${minutes} min per target` : `${runs} runs per property`}; replay: npm run fuzz -- --seed ${seed}${minutes !== undefined ? ` --minutes ${minutes}` : ` --runs ${runs}`}`,
);
const child = spawn(
  process.execPath,
  [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--project", "unit", ...files],
  { cwd: root, env, stdio: "inherit" },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => {
  console.log(`[fuzz] ${code === 0 ? "no failures" : "FAILED"} (seed ${seed})`);
  process.exit(code ?? (signal ? 1 : 1));
});

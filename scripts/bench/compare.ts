// What the compare page's data costs per request (issue 19 point 6), in CPU time of this process
// (not wall: the machine is shared), on the approved entries of an existing database, e.g. the
// one a soak run keeps (h2hmem_soak). Read-only. For each metric and --rounds random pairs:
// the plain computation (per-question reads + paired bootstrap, what ran per request before)
// against the cached path warm (lib/server/leaderboard/compare.ts), and checks they are equal.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/h2hmem_soak JUDGE_BASE_URL=http://127.0.0.1:9/v1 JUDGE_API_KEY=fake \
//     node --import ./bin/register.mjs scripts/bench/compare.ts [--rounds 20]
// (a soak scores with the fake judge: the judge variables make the scorer version match; nothing is called)
import { isDeepStrictEqual, parseArgs } from "node:util";
import { db } from "../../lib/server/db";
import { comparableEntries, compareMany, comparePairsUncached } from "../../lib/server/leaderboard/compare";
import { publishedScorerVersion } from "../../lib/server/versions/published-version";

const { values: a } = parseArgs({ options: { rounds: { type: "string", default: "20" } } });
const rounds = Number(a.rounds);

const cpuMs = async (f: () => Promise<unknown>): Promise<number> => {
  const start = process.cpuUsage();
  await f();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};
const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!;

const entries = (await comparableEntries()).map((e) => e.id);
if (entries.length < 2) throw new Error("need at least two approved entries in DATABASE_URL's database");
const version = await publishedScorerVersion();
const questions = await db.questionScore.count({ where: { submissionId: entries[0], scorerVersion: version } });
console.log(
  `${entries.length} approved entries, ${questions} per-question rows each, scorer version ${version}, ${rounds} pairs per metric`,
);
for (const metric of ["f1", "judge", "bleu1"] as const) {
  const plain: number[] = [];
  const warm: number[] = [];
  let mismatches = 0;
  for (let i = 0; i < rounds; i++) {
    const x = entries[i % entries.length]!;
    const y = entries[(i + 1 + Math.floor(i / entries.length)) % entries.length]!;
    const ids = x === y ? [x, entries.find((e) => e !== x)!] : [x, y];
    let expected: unknown;
    plain.push(await cpuMs(async () => (expected = await comparePairsUncached(ids, metric, version))));
    await compareMany(ids, metric); // fills the cache (cold: the same computation once)
    let got: unknown;
    warm.push(await cpuMs(async () => (got = await compareMany(ids, metric))));
    if (!isDeepStrictEqual(got, expected)) mismatches++;
  }
  console.log(
    `${metric}: per request before ${median(plain).toFixed(1)} ms CPU (median), cached ${median(warm).toFixed(2)} ms CPU; results differing: ${mismatches}`,
  );
}
await db.$disconnect();

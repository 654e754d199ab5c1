// Does scoring block the web process? Latency of the leaderboard page `/` of a RUNNING built app
// (`next start`) plus worker, first idle, then while 5 full-size submissions (2,046 + 190
// predictions each) are uploaded through API v1 and scored; and upload -> lexical scores stored
// for each. Start app and worker on the same database first, e.g.
//   DATABASE_URL=.../h2hmem_x npm run db:migrate && npm run db:seed
//   PORT=3902 npm start & npm run worker &
//   DATABASE_URL=.../h2hmem_x BENCH_URL=http://127.0.0.1:3902 node --import ./bin/register.mjs scripts/bench/under-load.ts [--record]
// The script imports a synthetic full-size answer key and makes it ACTIVE (the app and worker
// follow the active key): never run it against a real database. Its submissions are deleted
// afterwards. --record appends the results to docs/BENCHMARKS.md.
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadActiveAnswerKey } from "../../lib/server/answer-key/store";
import { importAnswerKey } from "../../lib/server/operations/import-answer-key";
import { createApiToken, revokeApiToken } from "../../lib/server/auth/api-tokens";
import { db } from "../../lib/server/db";
import { ensureUser } from "../../lib/server/auth/users";
import { FULL_SIZE, syntheticPredictions, writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";

const BASE = process.env.BENCH_URL ?? "http://127.0.0.1:3902";
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SUBMISSIONS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timedGet(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { cache: "no-store" });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return performance.now() - t0;
}

/** CONCURRENCY loops of sequential GETs of `/`, until `count` requests or until stop() says so. */
async function loadPage(opts: { count?: number; stop?: () => boolean }): Promise<number[]> {
  const out: number[] = [];
  const more = () => (opts.stop ? !opts.stop() : out.length < opts.count!);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (more()) out.push(await timedGet(`${BASE}/`));
    }),
  );
  return out;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

type Upload = { id: string; post: number; lexical: number; scored: number };

async function uploadAndWait(
  token: string,
  i: number,
  key: Awaited<ReturnType<typeof loadActiveAnswerKey>>,
): Promise<Upload> {
  const seed = Date.now() + i * 1000; // distinct bytes, or deduplication returns the first upload
  const form = new FormData();
  form.set("methodName", `bench under load ${i}`);
  form.set(
    "dyadic",
    new Blob([Buffer.from(syntheticPredictions(key!.questions, "dyadic", { seed }))], { type: "application/json" }),
    "prediction_dyadic.json",
  );
  form.set(
    "multiparty",
    new Blob([Buffer.from(syntheticPredictions(key!.questions, "multi-party", { seed: seed + 1 }))], {
      type: "application/json",
    }),
    "prediction_multiparty.json",
  );
  const t0 = performance.now();
  const res = await fetch(`${BASE}/api/v1/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { id?: string; error?: unknown };
  const post = performance.now() - t0;
  if (!res.ok || !body.id) throw new Error(`upload ${i}: ${res.status} ${JSON.stringify(body.error)}`);
  let lexical = 0;
  for (;;) {
    const s = await db.submission.findUnique({
      where: { id: body.id },
      select: { status: true, failureReason: true, stages: { where: { stage: "lexical" } } },
    });
    if (!lexical && s?.stages[0]?.status === "DONE") lexical = performance.now() - t0;
    if (s?.status === "FAILED") throw new Error(`submission ${body.id} failed: ${s.failureReason}`);
    if (s?.status === "SCORED")
      return { id: body.id, post, lexical: lexical || performance.now() - t0, scored: performance.now() - t0 };
    await sleep(25);
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-bench-load-"));
const created: string[] = [];
let tokenInfo: { userId: string; id: string } | null = null;
try {
  writeSyntheticDataset(dir, FULL_SIZE);
  await importAnswerKey(dir, "bench synthetic full-size key");
  const key = await loadActiveAnswerKey();
  const user = await ensureUser({ email: "bench@h2hmem.local", password: "bench-password-not-secret", role: "ADMIN" });
  const { token, info } = await createApiToken(user.id, {
    name: `bench-under-load ${Date.now()}`,
    scopes: ["submit", "read"],
  });
  tokenInfo = { userId: user.id, id: info.id };

  await loadPage({ count: 10 }); // warm-up: first render compiles and fills caches
  const loadBefore = load();
  const idle = await loadPage({ count: SAMPLES });

  // ROUNDS rounds of SUBMISSIONS uploads at once; `/` is sampled only while a round is in flight.
  const busy: number[] = [];
  const done: Upload[] = [];
  const loadSamples: string[] = [];
  const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]!.toFixed(2)), 2000);
  let window = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let pending = SUBMISSIONS;
    const uploads = Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, i) =>
        uploadAndWait(token, round * SUBMISSIONS + i, key)
          .then((u) => (created.push(u.id), u))
          .finally(() => pending--),
      ),
    );
    const t0 = performance.now();
    const [lat, ups] = await Promise.all([loadPage({ stop: () => pending === 0 }), uploads]);
    window += performance.now() - t0;
    busy.push(...lat);
    done.push(...ups);
  }
  clearInterval(sampler);
  const loadAfter = load();

  const rows = [
    ["`/` idle", idle.length, pct(idle, 50), pct(idle, 99), Math.max(...idle)],
    [
      `\`/\` while ${SUBMISSIONS} submissions are uploaded and scored`,
      busy.length,
      pct(busy, 50),
      pct(busy, 99),
      Math.max(...busy),
    ],
  ] as const;
  const table = [
    "| page | requests | p50 ms | p99 ms | max ms |",
    "|---|---|---|---|---|",
    ...rows.map(
      ([n, c, p50, p99, max]) => `| ${n} | ${c} | ${p50.toFixed(0)} | ${p99.toFixed(0)} | ${max.toFixed(0)} |`,
    ),
  ];
  const uploadTable = [
    "| round.submission | POST answered ms | upload -> lexical scores stored ms | upload -> scored ms |",
    "|---|---|---|---|",
    ...done.map(
      (u, i) =>
        `| ${Math.floor(i / SUBMISSIONS) + 1}.${(i % SUBMISSIONS) + 1} | ${u.post.toFixed(0)} | ${u.lexical.toFixed(0)} | ${u.scored.toFixed(0)} |`,
    ),
  ];
  const lex = done.map((u) => u.lexical);
  const summary = [
    `Concurrency ${CONCURRENCY}; ${key!.questions.length} predictions per submission, ${ROUNDS} round(s) of ${SUBMISSIONS} uploaded at once (worker concurrency: WORKER_CONCURRENCY, default 2); time under load ${(window / 1000).toFixed(1)} s in all.`,
    `Upload -> lexical scores: median ${pct(lex, 50).toFixed(0)} ms, max ${Math.max(...lex).toFixed(0)} ms.`,
    `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAfter}; 1-min samples during the load: ${loadSamples.join(", ") || "-"}.`,
  ];
  console.log([...table, "", ...uploadTable, "", ...summary].join("\n"));

  if (process.argv.includes("--record")) {
    const cpu = os.cpus();
    const machine = `${os.type()} ${os.release()}, ${cpu.length} x ${cpu[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
    const section = [
      "",
      `## Leaderboard latency while submissions are scored (\`scripts/bench/under-load.ts\`), ${new Date().toISOString().slice(0, 10)}`,
      "",
      `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC. Machine: ${machine}.`,
      `Command: \`DATABASE_URL=<seeded db> BENCH_URL=${BASE} node --import ./bin/register.mjs scripts/bench/under-load.ts --record\` against \`next start\` (production build) and one \`npm run worker\` on the same database (seeded with \`npm run db:seed\`), with a synthetic full-size answer key made active by the script. Uploads go through \`POST /api/v1/submissions\` (bearer token); "lexical scores stored" is when the lexical StageRun is DONE (polled every 25 ms). "Idle" means none of the bench's submissions in flight; the machine itself may be busy (see the load averages).`,
      "",
      ...table,
      "",
      ...uploadTable,
      "",
      ...summary.map((s) => `- ${s}`),
      "",
    ];
    appendFileSync(path.resolve("docs/BENCHMARKS.md"), section.join("\n"));
    console.log("appended to docs/BENCHMARKS.md");
  }
} finally {
  if (tokenInfo) await revokeApiToken(tokenInfo.userId, tokenInfo.id).catch(() => undefined);
  await db.submission.deleteMany({ where: { id: { in: created } } });
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
}

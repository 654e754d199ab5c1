// Rank history benchmark (not a test; issue 47 point 3, review finding M1): seeds N approved entries
// and S board snapshots with their BoardSnapshotRank rows (every entry ranked in each of the 30
// boards' ALL scope: S x N x 30 rows; board.json left empty, as nothing on these paths reads it)
// into a SEPARATE database, starts the built app (`next start`, run `npm run build` first) and
// measures with autocannon, a static file first and last as the anchor:
//   /favicon.ico · rank history (headline view, another board) · a claim over a month · the
//   new-best feed · the changes feed · /favicon.ico again
// while sampling the web process's V8 heap (/api/metrics) and its process tree's RSS.
//   npx tsx scripts/bench/rank-history.ts [--snapshots 400] [--entries 1000] [--duration 15] [--connections 1] [--port 3730] [--db h2hmem_history_bench] [--seed-only | --no-seed]
// Uses DATABASE_URL's server with database --db (dropped and recreated; local servers only) and REDIS_URL.
import { createRequire } from "node:module";
import os from "node:os";
import pg from "pg";
import { scorerVersionFor } from "../../lib/scoring";
import { migrateDatabase, recreateDatabase } from "../../scripts/dev/services.mjs";
import { treeRssMiB } from "./adversarial-load";
import { benchDatabase, numArg as arg, randomIp, startNext, waitUp } from "./bench-kit";

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Promise<Result>;

const S = arg("snapshots", 400);
const N = arg("entries", 1000);
const DURATION = arg("duration", 15);
const CONNECTIONS = arg("connections", 1);
const PORT = arg("port", 3730);
const { DB, server, url } = benchDatabase("h2hmem_history_bench");
const VERSION = scorerVersionFor({ tokenizer: "nltk", stopwords: "new" });
const METRICS_TOKEN = "bench-metrics-token-0123456789";

async function seed(): Promise<void> {
  await recreateDatabase(server, DB);
  await migrateDatabase(url, { stdio: "ignore" });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  try {
    await c.query(
      `INSERT INTO "User"(id, email, "updatedAt") VALUES ('bench-user', 'bench-history@h2hmem.local', now())`,
    );
    await c.query(
      `INSERT INTO "Submission"(id, "userId", "methodName", status, "reviewState", "reviewedAt", "approvedAt", "contentSha256", "createdAt", "updatedAt", "scoredAt")
       SELECT 'bench-' || lpad(i::text, 5, '0'), 'bench-user', 'Bench method ' || i, 'SCORED', 'APPROVED', now(), now(), md5(i::text), now(), now(), now()
       FROM generate_series(1, $1::int) AS i`,
      [N],
    );
    // One snapshot an hour, the newest an hour ago.
    await c.query(
      `INSERT INTO "BoardSnapshot"(id, "createdAt", reason, "scorerVersion", "contentSha256", manifest, "boardJson", "boardCsv")
       SELECT 'snap-' || lpad(j::text, 5, '0'), now() - ((($1::int) - j + 1) || ' hours')::interval, 'approve', $2, md5('s' || j), '{}', '{"boards":[]}', ''
       FROM generate_series(1, $1::int) AS j`,
      [S, VERSION],
    );
    // Bulk load: indexes rebuilt once afterwards, foreign keys not checked row by row.
    const { rows: idx } = await c.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'BoardSnapshotRank'`,
    );
    await c.query(`ALTER TABLE "BoardSnapshotRank" DROP CONSTRAINT "BoardSnapshotRank_pkey"`);
    for (const i of idx.filter((x) => !x.name.endsWith("_pkey"))) await c.query(`DROP INDEX "${i.name}"`);
    await c.query(`SET session_replication_role = replica`);
    // A different permutation of the entries per snapshot and board; every tenth pair tied.
    const boards = ["overall", "dyadic", "multi-party"].flatMap((sp) =>
      ["judge", "f1", "bleu1", "precision", "recall"].flatMap((m) => ["micro", "macro"].map((a) => [sp, m, a])),
    );
    for (const [v, [split, metric, aggregate]] of boards.entries()) {
      await c.query(
        `INSERT INTO "BoardSnapshotRank"("snapshotId", split, metric, aggregate, scope, "entryId", "methodName", rank, tied, ranked, value, "ciLow", "ciHigh", n)
         SELECT 'snap-' || lpad(j::text, 5, '0'), $1, $2, $3, 'ALL', 'bench-' || lpad(i::text, 5, '0'), 'Bench method ' || i,
                r, pos % 10 IN (1, 2), $5, 1 - r::float8 / $5, 0.99 - r::float8 / $5, 1.01 - r::float8 / $5, 120
         FROM generate_series(1, $4::int) j, generate_series(1, $5::int) i,
              LATERAL (SELECT ((i::bigint * 7919 + j::bigint * 104729 + $6::bigint * 31) % $5) + 1 AS pos) p,
              LATERAL (SELECT CASE WHEN pos % 10 = 2 THEN pos - 1 ELSE pos END::int AS r) q`,
        [split, metric, aggregate, S, N, v],
      );
    }
    await c.query(`SET session_replication_role = origin`);
    const pkey = idx.find((x) => x.name.endsWith("_pkey"))!;
    await c.query(pkey.def);
    await c.query(
      `ALTER TABLE "BoardSnapshotRank" ADD CONSTRAINT "${pkey.name}" PRIMARY KEY USING INDEX "${pkey.name}"`,
    );
    for (const i of idx.filter((x) => !x.name.endsWith("_pkey"))) await c.query(i.def);
    await c.query(`ANALYZE`);
    const { rows } = await c.query(
      `SELECT count(*)::int AS n, pg_size_pretty(pg_total_relation_size('"BoardSnapshotRank"')) AS size FROM "BoardSnapshotRank"`,
    );
    console.log(
      `[bench-history] seeded ${N} entries, ${S} snapshots, ${rows[0].n} rank rows (${rows[0].size} with indexes) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
  } finally {
    await c.end();
  }
}

async function heapMiB(base: string): Promise<number> {
  const text = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) =>
    r.text(),
  );
  const m = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\d+(?:\.\d+)?)/m.exec(text);
  return m ? Number(m[1]) / 2 ** 20 : NaN;
}

// --seed-only, then --no-seed: the long load can run outside the shared lock that the measured part holds.
if (!process.argv.includes("--no-seed")) await seed();
if (process.argv.includes("--seed-only")) process.exit(0);
const web = startNext(PORT, url, DB, { METRICS_TOKEN });
const base = `http://127.0.0.1:${PORT}`;
const entry = `bench-${String(Math.ceil(N / 2)).padStart(5, "0")}`;
const month = new Date(Date.now() - 3_600_000).toISOString().slice(0, 7);
try {
  await waitUp(base);
  const targets = [
    ["/favicon.ico (static file, anchor)", "/favicon.ico"],
    ["rank history, overall f1 micro", `/api/v1/entries/${entry}/rank-history`],
    [
      "rank history, dyadic recall macro",
      `/api/v1/entries/${entry}/rank-history?split=dyadic&metric=recall&aggregate=macro`,
    ],
    [`claim, rank 1 in ${month}`, `/api/v1/claims/verify?entry=${entry}&rank=1&date=${month}`],
    ["feed, event=new-best", "/feeds/board.atom?event=new-best"],
    ["feed, every change (last 100)", "/feeds/board.atom"],
    ["/favicon.ico (static file, anchor, again)", "/favicon.ico"],
  ] as const;
  const out: string[] = [];
  let heapPeak = await heapMiB(base);
  let rssPeak = treeRssMiB(web.pid!);
  console.log(`[bench-history] web up: heap ${heapPeak.toFixed(0)} MiB, RSS ${rssPeak.toFixed(0)} MiB`);
  for (const [name, path] of targets) {
    const warm = await fetch(base + path); // warm-up: first compile of the route and the query plans
    await warm.arrayBuffer();
    let heap = 0;
    let rss = 0;
    const sampler = setInterval(() => {
      rss = Math.max(rss, treeRssMiB(web.pid!));
      void heapMiB(base).then(
        (h) => (heap = Math.max(heap, h)),
        () => {},
      );
    }, 500);
    const r = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: "GET",
          path,
          setupRequest: (req: { headers?: Record<string, string> }) => ({
            ...req,
            headers: { ...req.headers, "x-forwarded-for": randomIp() },
          }),
        },
      ],
    });
    clearInterval(sampler);
    [heapPeak, rssPeak] = [Math.max(heapPeak, heap), Math.max(rssPeak, rss)];
    const line = `| ${name} | ${warm.status} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} | ${heap.toFixed(0)} | ${rss.toFixed(0)} | ${os.loadavg()[0]!.toFixed(1)} |`;
    console.log(line);
    out.push(line);
  }
  console.log(
    `\n${S} snapshots x ${N} entries, ${CONNECTIONS} connections x ${DURATION} s per target, ${os.cpus().length} CPUs (${os.cpus()[0]!.model}), ${new Date().toISOString()}\n` +
      `| target | status | req/s | p50 ms | p99 ms | non-2xx | errors | web heap max MiB | web RSS max MiB | load avg (1 min) |\n|---|---|---|---|---|---|---|---|---|---|\n${out.join("\n")}\n` +
      `peak over the run: web V8 heap ${heapPeak.toFixed(0)} MiB, process tree RSS ${rssPeak.toFixed(0)} MiB`,
  );
} finally {
  web.kill("SIGTERM");
}

// Snapshot archive benchmark (not a test): seeds N approved entries (Score rows as the scorer
// writes them; a share of them with public prediction files of the real dataset's size, 2,236
// items) into a SEPARATE database, writes a board snapshot and times building its .tar.gz twice
// (the two must be byte-identical).
//   node --import ./bin/register.mjs scripts/bench/archive.ts [--entries 1000] [--public 0.1] [--db h2hmem_archive_bench]
// Uses DATABASE_URL's server with database --db (dropped and recreated; local servers only).
import { createHash } from "node:crypto";
import pg from "pg";
import { scorerVersionFor } from "../../lib/scoring";
import { migrateDatabase, recreateDatabase, withDatabase } from "../../scripts/dev/services.mjs";
import { CATEGORY_CODES } from "../../lib/scoring/types";
import { seedScores } from "./bench-kit";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const N = Number(arg("entries", "1000"));
const PUBLIC = Number(arg("public", "0.1"));
const DB = arg("db", "h2hmem_archive_bench");
const server = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabase(server, DB) as string;
const VERSION = scorerVersionFor({ tokenizer: "nltk", stopwords: "new" });

function predictionFile(i: number, items: number): Buffer {
  const predictions = Array.from({ length: items }, (_, k) => ({
    question_text: `What did speaker ${k % 6} say about item ${k} in session ${k % 14}?`,
    question_image: k % 5 === 0 ? `img_${k}.jpg` : "",
    system_answer: `Entry ${i} answers that it was the ${k % 7}th thing mentioned`,
    original_answer: `It was the ${k % 7}th thing mentioned`,
    category: CATEGORY_CODES[k % CATEGORY_CODES.length],
  }));
  return Buffer.from(JSON.stringify({ predictions }, null, 2));
}

async function seed(): Promise<void> {
  await recreateDatabase(server, DB);
  await migrateDatabase(url, { stdio: "ignore" });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO "User"(id, email, "updatedAt") VALUES ('bench-user', 'bench-archive@h2hmem.local', now())`,
    );
    await c.query(
      `INSERT INTO "Submission"(id, "userId", "methodName", organization, modality, backbone, status, "reviewState", "reviewedAt", "approvedAt", "contentSha256", "publicPredictions", "createdAt", "updatedAt", "scoredAt")
       SELECT 'bench-' || lpad(i::text, 5, '0'), 'bench-user', 'Bench method ' || i, 'Org ' || (i % 37), 'text', 'GPT-4o-mini', 'SCORED', 'APPROVED', now(), now(), md5(i::text), i <= $2, now(), now(), now()
       FROM generate_series(1, $1::int) AS i`,
      [N, Math.round(N * PUBLIC)],
    );
    await seedScores(c, VERSION);
    for (let i = 1; i <= Math.round(N * PUBLIC); i++)
      for (const [split, name, items] of [
        ["dyadic", "prediction_dyadic.json", 2046],
        ["multi-party", "prediction_multiparty.json", 190],
      ] as const) {
        const body = predictionFile(i, items);
        await c.query(
          `INSERT INTO "SubmissionFile"(id, "submissionId", split, "fileName", sha256, size, content) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            `f-${i}-${split}`,
            `bench-${String(i).padStart(5, "0")}`,
            split,
            name,
            createHash("sha256").update(body).digest("hex"),
            body.length,
            body,
          ],
        );
      }
    await c.query(`ANALYZE`);
  } finally {
    await c.end();
  }
}

await seed();
process.env.DATABASE_URL = url;
const { writeBoardSnapshot } = await import("../../lib/server/history/snapshots");
const { snapshotArchive } = await import("../../lib/server/archives/snapshot-archive");
const { db } = await import("../../lib/server/db");
let t = performance.now();
const id = await writeBoardSnapshot("approve");
console.log(`[bench-archive] snapshot ${id} written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const hashes: string[] = [];
for (const run of [1, 2]) {
  t = performance.now();
  const { stream } = await snapshotArchive(id!, "https://board.example");
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  hashes.push(hash.digest("hex"));
  const mb = (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `[bench-archive] run ${run}: ${N} entries (${Math.round(N * PUBLIC)} with public files): ${mb} MiB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}
console.log(`[bench-archive] byte-identical: ${hashes[0] === hashes[1]}`);
await db.$disconnect();

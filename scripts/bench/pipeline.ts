// Pipeline benchmark: time from createSubmission to lexical scores stored, for a full-size
// submission (2,046 dyadic + 190 multi-party predictions) on a synthetic full-size answer key,
// with a real BullMQ worker (in-process) on REDIS_URL and Postgres on DATABASE_URL.
//   DATABASE_URL=... REDIS_URL=... QUEUE_PREFIX=bench node --import ./bin/register.mjs scripts/bench/pipeline.ts [runs]
// The database must be migrated; the bench's submissions are deleted afterwards, but the
// synthetic answer key stays imported and ACTIVE: do not run against production.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadActiveAnswerKey } from "../../lib/server/answer-key/store";
import { importAnswerKey } from "../../lib/server/operations/import-answer-key";
import { db } from "../../lib/server/db";
import { logger } from "../../lib/server/logger";
import { closeQueues } from "../../lib/server/queue";
import { createSubmission } from "../../lib/server/submissions/create-submission";
import { ensureUser } from "../../lib/server/auth/users";
import { createScoringWorker } from "../../workers/worker";
import { FULL_SIZE, syntheticPredictions, writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const quiet = logger.child({});
quiet.level = process.argv.includes("--verbose") ? "info" : "warn";

async function waitLexicalDone(submissionId: string): Promise<void> {
  for (;;) {
    const s = await db.stageRun.findUnique({ where: { submissionId_stage: { submissionId, stage: "lexical" } } });
    if (s?.status === "DONE") return;
    if (s?.status === "FAILED") throw new Error(`lexical stage failed: ${s.error}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-bench-"));
const created: string[] = [];
const worker = createScoringWorker(quiet);
try {
  writeSyntheticDataset(dir, FULL_SIZE);
  await importAnswerKey(dir, "bench synthetic full-size key");
  const key = (await loadActiveAnswerKey())!;
  const user = await ensureUser({ email: "bench@h2hmem.local", password: "bench-password-not-secret", role: "ADMIN" });
  const results: Array<{ create: number; total: number }> = [];
  for (let i = 0; i < runs; i++) {
    const seed = Date.now() + i; // distinct content, or deduplication would return the first run
    const files = {
      dyadic: { fileName: "prediction_dyadic.json", bytes: syntheticPredictions(key.questions, "dyadic", { seed }) },
      multiparty: {
        fileName: "prediction_multiparty.json",
        bytes: syntheticPredictions(key.questions, "multi-party", { seed: seed + 1 }),
      },
    };
    const t0 = performance.now();
    const res = await createSubmission({ userId: user.id, files, meta: { methodName: `bench ${i}` } });
    const t1 = performance.now();
    created.push(res.id);
    await waitLexicalDone(res.id);
    const t2 = performance.now();
    results.push({ create: t1 - t0, total: t2 - t0 });
    console.log(
      `run ${i + 1}: createSubmission ${(t1 - t0).toFixed(0)} ms, createSubmission -> lexical scores stored ${(t2 - t0).toFixed(0)} ms`,
    );
  }
  const sorted = results.map((r) => r.total).sort((a, b) => a - b);
  console.log(
    `predictions per submission: ${key.questions.length}; median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms over ${runs} runs (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`,
  );
} finally {
  await worker.worker.close();
  await db.submission.deleteMany({ where: { id: { in: created } } });
  await closeQueues();
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
}

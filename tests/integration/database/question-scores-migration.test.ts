import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// The migration that moves per-question scores from Prediction columns (latest run only) to
// QuestionScore rows per scorer version: on an old-schema database with data, values are kept
// only under the version of the run that wrote them, and only when that run finished.

const MIGRATION = "20261130003000_question_scores";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The code's migrations before MIGRATION (or through it), in a folder of their own. */
async function migrationsThrough(inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-qs-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const wanted = (await loadMigrations(MIGRATIONS)).filter(
    (m) => m.name < MIGRATION || (inclusive && m.name === MIGRATION),
  );
  for (const m of wanted) await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  return dir;
}

const LEX = "lex-1+nltk+sw198";
const A = `${LEX}+judge=a@p1`;
const B = `${LEX}+judge=b@p1`;
const OTHER_LEX = "lex-1+nltk+sw179+judge=a@p1";
const t = (minute: number) => `2026-11-29 10:${String(minute).padStart(2, "0")}:00`;

type Stage = { status: string; startedAt: string | null };
type Case = {
  lexical: Stage;
  judge: Stage;
  scores: Array<[version: string, metric: "f1" | "judge", minute: number]>;
  judged: boolean;
};

const CASES: Record<string, Case> = {
  // Rolled out B after A after an older lexical version: lexical under A and B, judge under B.
  done: {
    lexical: { status: "DONE", startedAt: t(30) },
    judge: { status: "DONE", startedAt: t(30) },
    judged: true,
    scores: [
      [OTHER_LEX, "f1", 10],
      [OTHER_LEX, "judge", 10],
      [A, "f1", 20],
      [A, "judge", 20],
      [B, "f1", 31],
      [B, "judge", 32],
    ],
  },
  // B's judge run failed half-way: its partial values are not A's, so no judge rows at all.
  judgeFailed: {
    lexical: { status: "DONE", startedAt: t(30) },
    judge: { status: "FAILED", startedAt: t(31) },
    judged: true,
    scores: [
      [A, "f1", 20],
      [A, "judge", 20],
      [B, "f1", 30],
    ],
  },
  // Reset for a re-judge that has not started: the values are still the finished A run's.
  queued: {
    lexical: { status: "DONE", startedAt: t(19) },
    judge: { status: "PENDING", startedAt: t(19) },
    judged: true,
    scores: [
      [A, "f1", 20],
      [A, "judge", 21],
    ],
  },
  // Reset after a failed run (started after the newest rows): partial values of unknown origin.
  retriedAfterFailure: {
    lexical: { status: "PENDING", startedAt: t(40) },
    judge: { status: "PENDING", startedAt: t(40) },
    judged: true,
    scores: [
      [A, "f1", 20],
      [A, "judge", 20],
    ],
  },
  // No judge configured.
  lexicalOnly: {
    lexical: { status: "DONE", startedAt: t(19) },
    judge: { status: "SKIPPED", startedAt: null },
    judged: false,
    scores: [[LEX, "f1", 20]],
  },
};

async function seedOldSchema(url: string): Promise<void> {
  await sql(url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'qs@example.org', now())`);
  for (const [sub, c] of Object.entries(CASES)) {
    await sql(
      url,
      `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "updatedAt") VALUES ($1, 'u1', $1, $1, now())`,
      [sub],
    );
    // index 0 scored (and judged), index 1 never scored (e.g. before the stage reached it).
    await sql(
      url,
      `INSERT INTO "Prediction" (id, "submissionId", split, index, "questionText", "systemAnswer", "originalAnswer", category, precision, recall, f1, bleu1, "judgeScore", "judgeReasoning")
       VALUES ($1 || '-0', $1, 'dyadic', 0, 'q', 'a', 'a', 'SR', 0.1, 0.2, 0.3, 0.4, $2, $3), ($1 || '-1', $1, 'dyadic', 1, 'q', 'a', 'a', 'SR', NULL, NULL, NULL, NULL, NULL, NULL)`,
      [sub, c.judged ? 0.75 : null, c.judged ? "why" : null],
    );
    for (const stage of ["lexical", "judge"] as const) {
      await sql(
        url,
        `INSERT INTO "StageRun" (id, "submissionId", stage, status, "startedAt") VALUES ($1 || '-' || $2, $1, $2, $3::"StageStatus", $4)`,
        [sub, stage, c[stage].status, c[stage].startedAt],
      );
    }
    for (const [i, [version, metric, minute]] of c.scores.entries()) {
      await sql(
        url,
        `INSERT INTO "Score" (id, "submissionId", "scorerVersion", split, scope, metric, aggregate, value, n, "createdAt") VALUES ($1 || '-s' || $2, $1, $3, 'overall', 'ALL', $4, 'micro', 0.5, 1, $5)`,
        [sub, i, version, metric, t(minute)],
      );
    }
  }
}

describe(`migration ${MIGRATION}`, () => {
  it("backfills each finished stage's values under the versions they belong to, then drops the Prediction columns", async () => {
    const db = await tempDatabase("qsmig");
    cleanups.push(db.drop);
    await migrate({ connectionString: db.url, dir: await migrationsThrough(false), log: () => undefined });
    await seedOldSchema(db.url);
    const r = await migrate({ connectionString: db.url, dir: await migrationsThrough(true), log: () => undefined });
    expect(r.applied).toEqual([MIGRATION]);

    const rows = await sql(
      db.url,
      `SELECT "submissionId" AS s, "scorerVersion" AS v, split, index, precision, recall, f1, bleu1, "judgeScore" AS j, "judgeReasoning" AS why FROM "QuestionScore" ORDER BY 1, 2, 3, 4`,
    );
    const lex = { split: "dyadic", index: 0, precision: 0.1, recall: 0.2, f1: 0.3, bleu1: 0.4 };
    const none = { j: null, why: null };
    const judged = { j: 0.75, why: "why" };
    expect(rows).toEqual([
      { s: "done", v: A, ...lex, ...none },
      { s: "done", v: B, ...lex, ...judged },
      { s: "judgeFailed", v: A, ...lex, ...none },
      { s: "judgeFailed", v: B, ...lex, ...none },
      { s: "lexicalOnly", v: LEX, ...lex, ...none },
      { s: "queued", v: A, ...lex, ...judged },
    ]);

    const left = await sql(
      db.url,
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'Prediction' AND column_name IN ('precision', 'recall', 'f1', 'bleu1', 'judgeScore', 'judgeReasoning')`,
    );
    expect(left).toEqual([]);
    // Rows go with their prediction.
    await sql(db.url, `DELETE FROM "Prediction" WHERE id = 'done-0'`);
    expect(await sql(db.url, `SELECT 1 FROM "QuestionScore" WHERE "submissionId" = 'done'`)).toEqual([]);
  });
});

import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// Two migrations on databases with data: the judge's lowercase "submission" audit targets are
// renamed to "Submission" (the type the audit page links), and stage names become the enum
// Stage, keeping every value; a value that is no stage stops the migration instead of being lost.

const AUDIT = "20261201000000_audit_submission_target";
const STAGE = "20261201000100_stage_enum";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A folder with the code's migrations before `name`, or through it. */
async function migrationsUpTo(name: string, inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-house-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < name || (inclusive && m.name === name))
      await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

/** A database migrated to just before `name`, with a user u1 and submissions s1 and s2. */
async function databaseBefore(name: string, label: string): Promise<string> {
  const db = await tempDatabase(label);
  cleanups.push(db.drop);
  await migrate({ connectionString: db.url, dir: await migrationsUpTo(name, false), log: () => undefined });
  await sql(db.url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'm@example.org', now())`);
  for (const s of ["s1", "s2"])
    await sql(
      db.url,
      `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "updatedAt") VALUES ($1, 'u1', $1, $1, now())`,
      [s],
    );
  return db.url;
}

const migrateThrough = async (url: string, name: string) =>
  migrate({ connectionString: url, dir: await migrationsUpTo(name, true), log: () => undefined });

describe(`migration ${AUDIT}`, () => {
  it("renames the lowercase submission targets and leaves every other row alone", async () => {
    const url = await databaseBefore(AUDIT, "audit");
    const rows = [
      ["e1", "judge.done", "submission", "s1"],
      ["e2", "judge.calls_purged", "submission", "gone"],
      ["e3", "submission.approve", "Submission", "s1"],
      ["e4", "user.role", "User", "u1"],
      ["e5", "scorer.publish", "ScorerVersion", "lex-1"],
    ];
    for (const r of rows)
      await sql(url, `INSERT INTO "AuditEvent" (id, action, "targetType", "targetId") VALUES ($1, $2, $3, $4)`, r);
    expect((await migrateThrough(url, AUDIT)).applied).toEqual([AUDIT]);
    const after = await sql<{ id: string; targetType: string; targetId: string }>(
      url,
      `SELECT id, "targetType", "targetId" FROM "AuditEvent" ORDER BY id`,
    );
    expect(after.map((e) => [e.id, e.targetType, e.targetId])).toEqual([
      ["e1", "Submission", "s1"],
      ["e2", "Submission", "gone"],
      ["e3", "Submission", "s1"],
      ["e4", "User", "u1"],
      ["e5", "ScorerVersion", "lex-1"],
    ]);
  });
});

describe(`migration ${STAGE}`, () => {
  const columnType = async (url: string, table: string, column: string) =>
    (
      await sql<{ udt_name: string }>(
        url,
        `SELECT udt_name FROM information_schema.columns WHERE table_name = $1 AND column_name = $2`,
        [table, column],
      )
    )[0]?.udt_name;

  it("turns StageRun.stage and Submission.failureStage into the enum Stage, keeping their values", async () => {
    const url = await databaseBefore(STAGE, "stage");
    await sql(
      url,
      `INSERT INTO "StageRun" (id, "submissionId", stage, status) VALUES ('r1', 's1', 'lexical', 'DONE'), ('r2', 's1', 'judge', 'FAILED'), ('r3', 's2', 'lexical', 'PENDING')`,
    );
    await sql(
      url,
      `UPDATE "Submission" SET status = 'FAILED', stage = 'judge', "failureStage" = 'judge' WHERE id = 's1'`,
    );
    expect((await migrateThrough(url, STAGE)).applied).toEqual([STAGE]);
    expect(await columnType(url, "StageRun", "stage")).toBe("Stage");
    expect(await columnType(url, "Submission", "failureStage")).toBe("Stage");
    expect(await columnType(url, "Submission", "stage")).toBe("text");
    expect(await sql(url, `SELECT id, stage::text FROM "StageRun" ORDER BY id`)).toEqual([
      { id: "r1", stage: "lexical" },
      { id: "r2", stage: "judge" },
      { id: "r3", stage: "lexical" },
    ]);
    expect(await sql(url, `SELECT id, "failureStage"::text AS f FROM "Submission" ORDER BY id`)).toEqual([
      { id: "s1", f: "judge" },
      { id: "s2", f: null },
    ]);
    // The unique (submissionId, stage) key still holds.
    await expect(
      sql(url, `INSERT INTO "StageRun" (id, "submissionId", stage) VALUES ('r4', 's1', 'lexical')`),
    ).rejects.toThrow(/StageRun_submissionId_stage_key/);
    await expect(
      sql(url, `INSERT INTO "StageRun" (id, "submissionId", stage) VALUES ('r5', 's2', 'upload')`),
    ).rejects.toThrow(/invalid input value for enum "Stage"/);
  });

  it("stops on a value that is no stage and changes nothing", async () => {
    const url = await databaseBefore(STAGE, "stagebad");
    await sql(
      url,
      `INSERT INTO "StageRun" (id, "submissionId", stage) VALUES ('r1', 's1', 'lexical'), ('r2', 's2', 'ops-test-stage')`,
    );
    await expect(migrateThrough(url, STAGE)).rejects.toThrow(/ops-test-stage/);
    expect(await columnType(url, "StageRun", "stage")).toBe("text");
    expect(await sql(url, `SELECT id, stage FROM "StageRun" ORDER BY id`)).toEqual([
      { id: "r1", stage: "lexical" },
      { id: "r2", stage: "ops-test-stage" },
    ]);
  });
});

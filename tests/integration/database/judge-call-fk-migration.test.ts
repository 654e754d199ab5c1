import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createBackup } from "@/lib/server/backup/backup";
import { restoreBackup } from "@/lib/server/backup/restore";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// The migration that gives JudgeCall its foreign key to Submission must first remove the rows
// whose submission is already gone (written when nothing stopped it), keeping what they cost
// as one AuditEvent per missing submission, and leave every other row alone; a backup made
// before the key restores into the new code (the restore runs this migration afterwards).

const FK_MIGRATION = "20261130000000_judge_call_submission_fk";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A folder with the code's migrations up to `last` (inclusive) or up to just before it. */
async function migrationsUpTo(last: string, inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-fk-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < last || (inclusive && m.name === last))
      await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

const insertCall = (
  url: string,
  id: string,
  submissionId: string,
  purpose = "stage",
  ok = true,
  prompt = 1,
  completion = 1,
) =>
  sql(
    url,
    `INSERT INTO "JudgeCall" (id, "submissionId", purpose, "runId", model, "promptVersion", "questionIds", attempt, level, ok, "promptTokens", "completionTokens", "latencyMs")
     VALUES ($1, $2, $3, 'run', 'm', 'v', '[]', 0, 0, $4, $5, $6, 1)`,
    [id, submissionId, purpose, ok, prompt, completion],
  );

/** A database at the migrations before the key, with one user and the submission "live". */
async function beforeTheKey(label: string): Promise<string> {
  const db = await tempDatabase(label);
  cleanups.push(db.drop);
  await migrate({ connectionString: db.url, dir: await migrationsUpTo(FK_MIGRATION, false), log: () => undefined });
  await sql(db.url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'fk@example.org', now())`);
  await sql(
    db.url,
    `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "updatedAt") VALUES ('live', 'u1', 'M', 'sha', now())`,
  );
  return db.url;
}

describe(`migration ${FK_MIGRATION}`, () => {
  it("deletes the JudgeCall rows of deleted submissions (recording their cost), keeps the rest, then enforces the key", async () => {
    const url = await beforeTheKey("jcfk");
    const rows: Array<[string, string, string, boolean, number, number]> = [
      ["c1", "live", "stage", true, 100, 20],
      ["c2", "gone-a", "stage", true, 50, 10],
      ["c3", "gone-a", "agreement", false, 0, 0],
      ["c4", "gone-a", "stage", true, 30, 5],
      ["c5", "gone-b", "agreement", true, 7, 3],
    ];
    for (const row of rows) await insertCall(url, ...row);

    const r = await migrate({
      connectionString: url,
      dir: await migrationsUpTo(FK_MIGRATION, true),
      log: () => undefined,
    });
    expect(r.applied).toEqual([FK_MIGRATION]);
    expect((await sql<{ id: string }>(url, `SELECT id FROM "JudgeCall" ORDER BY id`)).map((x) => x.id)).toEqual(["c1"]);

    const events = await sql<{
      id: string;
      action: string;
      targetType: string;
      targetId: string;
      details: Record<string, unknown>;
    }>(url, `SELECT id, action, "targetType", "targetId", details FROM "AuditEvent" ORDER BY "targetId"`);
    expect(events.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ["judge.calls_purged", "submission", "gone-a"],
      ["judge.calls_purged", "submission", "gone-b"],
    ]);
    expect(events[0].details).toMatchObject({
      calls: 3,
      failedCalls: 1,
      promptTokens: 80,
      completionTokens: 15,
      purposes: ["agreement", "stage"],
    });
    expect(events[1].details).toMatchObject({
      calls: 1,
      failedCalls: 0,
      promptTokens: 7,
      completionTokens: 3,
      purposes: ["agreement"],
    });
    // Ids derive from the submission id: the same data always yields the same rows.
    expect(events[0].id).toMatch(/^judgecall-orphans-[0-9a-f]{32}$/);

    // The key now holds: no row for a missing submission, and deleting a submission takes its rows.
    await expect(
      sql(
        url,
        `INSERT INTO "JudgeCall" (id, "submissionId", purpose, "runId", model, "promptVersion", "questionIds", attempt, level, ok, "promptTokens", "completionTokens", "latencyMs") VALUES ('c6', 'gone-a', 'stage', 'r', 'm', 'v', '[]', 0, 0, true, 0, 0, 0)`,
      ),
    ).rejects.toThrow(/JudgeCall_submissionId_fkey/);
    await sql(url, `DELETE FROM "Submission" WHERE id = 'live'`);
    expect(await sql(url, `SELECT id FROM "JudgeCall"`)).toEqual([]);
  });

  it("a backup made before the key, orphans included, restores into the new code and is migrated forward", async () => {
    const url = await beforeTheKey("jcfkbk");
    await insertCall(url, "kept", "live");
    await insertCall(url, "orphan", "gone");
    const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-fk-backup-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, "old.h2hbak.gz");
    await createBackup({ connectionString: url, out: file });

    const target = await tempDatabase("jcfkrs");
    cleanups.push(target.drop);
    const s = await restoreBackup({
      connectionString: target.url,
      file,
      migrationsDir: await migrationsUpTo(FK_MIGRATION, true),
    });
    expect(s.tables.JudgeCall).toBe(2);
    expect(s.migratedAfter).toEqual([FK_MIGRATION]);
    expect(await sql(target.url, `SELECT id FROM "JudgeCall"`)).toEqual([{ id: "kept" }]);
    expect(await sql(target.url, `SELECT "targetId" FROM "AuditEvent" WHERE action = 'judge.calls_purged'`)).toEqual([
      { targetId: "gone" },
    ]);
  });
});

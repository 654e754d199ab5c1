import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// Migrations on databases with data: the judge's lowercase "submission" audit targets are
// renamed to "Submission" (the type the audit page links).

const AUDIT = "20261201000000_audit_submission_target";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A folder with the code's migrations before `name`, or through it. */
async function migrationsUpTo(name: string, inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-house-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < name || (inclusive && m.name === name)) await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

/** A database migrated to just before `name`, with a user u1 and submissions s1 and s2. */
async function databaseBefore(name: string, label: string): Promise<string> {
  const db = await tempDatabase(label);
  cleanups.push(db.drop);
  await migrate({ connectionString: db.url, dir: await migrationsUpTo(name, false), log: () => undefined });
  await sql(db.url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'm@example.org', now())`);
  for (const s of ["s1", "s2"]) await sql(db.url, `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "updatedAt") VALUES ($1, 'u1', $1, $1, now())`, [s]);
  return db.url;
}

const migrateThrough = async (url: string, name: string) => migrate({ connectionString: url, dir: await migrationsUpTo(name, true), log: () => undefined });

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
    for (const r of rows) await sql(url, `INSERT INTO "AuditEvent" (id, action, "targetType", "targetId") VALUES ($1, $2, $3, $4)`, r);
    expect((await migrateThrough(url, AUDIT)).applied).toEqual([AUDIT]);
    const after = await sql<{ id: string; targetType: string; targetId: string }>(url, `SELECT id, "targetType", "targetId" FROM "AuditEvent" ORDER BY id`);
    expect(after.map((e) => [e.id, e.targetType, e.targetId])).toEqual([
      ["e1", "Submission", "s1"],
      ["e2", "Submission", "gone"],
      ["e3", "Submission", "s1"],
      ["e4", "User", "u1"],
      ["e5", "ScorerVersion", "lex-1"],
    ]);
  });
});

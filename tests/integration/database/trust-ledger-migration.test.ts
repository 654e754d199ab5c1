import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// The trust-ledger migration on a database with history: approval dates come from the audit
// trail (also for an entry unpublished since), the removal date from the review date, and the
// attempt ledger of entries approved before it existed is reconstructed from uploads.

const NAME = "20261202030000_trust_ledger";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function migrations(inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-ledger-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < NAME || (inclusive && m.name === NAME))
      await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

describe(`migration ${NAME}`, () => {
  it("backfills approval and removal dates and the attempt ledger", async () => {
    const db = await tempDatabase("ledger");
    cleanups.push(db.drop);
    await migrate({ connectionString: db.url, dir: await migrations(false), log: () => undefined });
    await sql(db.url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'l@example.org', now())`);
    // s1 scored day 1, s2 scored day 2 and approved day 3 (later unpublished day 5), s3 unscored
    // day 4, s4 scored day 4 and approved day 6.
    const subs: Array<[string, number, boolean, string, string | null, number | null]> = [
      ["s1", 1, true, "PENDING", null, null],
      ["s2", 2, true, "REJECTED", "Duplicate", 5],
      ["s3", 4, false, "PENDING", null, null],
      ["s4", 4, true, "APPROVED", null, 6],
    ];
    for (const [id, day, scored, state, note, reviewed] of subs) {
      await sql(
        db.url,
        `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "updatedAt", "createdAt", "scoredAt", "reviewState", "publicNote", "reviewedAt")
        VALUES ($1, 'u1', $1, $1, now(), $2, $3, $4::"ReviewState", $5, $6)`,
        [
          id,
          `2026-01-0${day}T00:00:00Z`,
          scored ? `2026-01-0${day}T01:00:00Z` : null,
          state,
          note,
          reviewed ? `2026-01-0${reviewed}T00:00:00Z` : null,
        ],
      );
    }
    await sql(
      db.url,
      `INSERT INTO "AuditEvent" (id, action, "targetType", "targetId", "createdAt") VALUES ('e1', 'submission.approve', 'Submission', 's2', '2026-01-03T00:00:00Z')`,
    );
    await migrate({ connectionString: db.url, dir: await migrations(true), log: () => undefined });
    const rows = await sql<{
      id: string;
      approvedAt: Date | null;
      removedAt: Date | null;
      attemptsTotal: number | null;
      attemptsSincePrevious: number | null;
    }>(
      db.url,
      `SELECT id, "approvedAt", "removedAt", "attemptsTotal", "attemptsSincePrevious" FROM "Submission" ORDER BY id`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(by.s2).toMatchObject({
      approvedAt: new Date("2026-01-03T00:00:00Z"),
      removedAt: new Date("2026-01-05T00:00:00Z"),
      attemptsTotal: 2,
      attemptsSincePrevious: 2,
    });
    expect(by.s4).toMatchObject({
      approvedAt: new Date("2026-01-06T00:00:00Z"),
      removedAt: null,
      attemptsTotal: 3,
      attemptsSincePrevious: 1,
    });
    expect(by.s1).toMatchObject({ approvedAt: null, attemptsTotal: null });
    expect(by.s3).toMatchObject({ approvedAt: null, attemptsTotal: null });
  });
});

import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// Migrations 20261203120000/120100 (issue 31): `webhooks` and `publish` split from `submit`. A
// token made before could do both with `submit`; it keeps them, by name. Revoked and read-only
// tokens gain nothing. Migration 20261203120200: TRUNCATE of BoardSnapshot is refused too.

const SPLIT = "20261203120000_token_scopes_webhooks_publish";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function migrationsBefore(name: string | null): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-scope-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS))
    if (name === null || m.name < name) await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  return dir;
}

describe("token scope split and snapshot TRUNCATE guard migrations", () => {
  it("existing submit tokens keep webhooks and publish; read-only and revoked tokens gain nothing", async () => {
    const db = await tempDatabase("scope-split");
    cleanups.push(db.drop);
    await migrate({ connectionString: db.url, dir: await migrationsBefore(SPLIT), log: () => undefined });
    await sql(db.url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'm@example.org', now())`);
    const token = (id: string, scopes: string, revoked = false) =>
      sql(
        db.url,
        `INSERT INTO "ApiToken" (id, "userId", name, "tokenHash", scopes, "revokedAt") VALUES ($1, 'u1', $1, $1, $2::"TokenScope"[], $3)`,
        [id, scopes, revoked ? new Date() : null],
      );
    await token("ci", "{submit,read}");
    await token("reader", "{read}");
    await token("old", "{submit}", true);
    await token("ops", "{submit,read,admin}");
    await migrate({ connectionString: db.url, dir: await migrationsBefore(null), log: () => undefined });
    const rows = await sql<{ id: string; scopes: string }>(
      db.url,
      `SELECT id, scopes::text AS scopes FROM "ApiToken" ORDER BY id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.scopes]))).toEqual({
      ci: "{submit,read,webhooks,publish}",
      old: "{submit}",
      ops: "{submit,read,admin,webhooks,publish}",
      reader: "{read}",
    });

    // TRUNCATE skips row triggers; the statement trigger refuses it unless a confirmed restore asks.
    await sql(
      db.url,
      `INSERT INTO "BoardSnapshot" (id, reason, "scorerVersion", "contentSha256", manifest, "boardJson", "boardCsv") VALUES ('s1', 'approve', 'v', 'h', '{}', '{}', '')`,
    );
    // With the tables that reference it: its rank rows (20261207180400, guarded the same way) and DOIs.
    const both = `TRUNCATE "BoardSnapshot", "BoardSnapshotRank", "SnapshotDoi"`;
    await expect(sql(db.url, both)).rejects.toThrow(/immutable \(TRUNCATE refused\)/);
    await expect(sql(db.url, `TRUNCATE "BoardSnapshotRank"`)).rejects.toThrow(/immutable \(TRUNCATE refused\)/);
    expect(await sql(db.url, `SELECT id FROM "BoardSnapshot"`)).toHaveLength(1);
    await sql(db.url, `BEGIN; SET LOCAL h2hmem.restore = 'force'; ${both}; COMMIT;`);
    expect(await sql(db.url, `SELECT id FROM "BoardSnapshot"`)).toHaveLength(0);
  }, 120_000);
});

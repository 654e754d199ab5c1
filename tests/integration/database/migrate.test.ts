import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, MigrationError } from "@/lib/server/migrate";
import { tempDatabase, type TempDb } from "../../support/temp-db";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../prisma/migrations");
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function freshDb(label: string, create = true): Promise<TempDb> {
  const db = await tempDatabase(label, { create });
  cleanups.push(db.drop);
  return db;
}

async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await cp(MIGRATIONS, dir, { recursive: true });
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

const initName = "20261129000000_init";

describe("migration runner", () => {
  it("applies every migration on a fresh database and records name, checksum, time", async () => {
    const db = await freshDb("fresh");
    const result = await migrate({ connectionString: db.url, dir: MIGRATIONS });
    expect(result.applied).toContain(initName);
    expect(result.alreadyApplied).toEqual([]);
    const rows = await query<{ name: string; checksum: string; applied_at: Date }>(
      db.url,
      `SELECT * FROM "_migrations" ORDER BY name`,
    );
    expect(rows.map((r) => r.name)).toEqual(result.applied);
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].applied_at).toBeInstanceOf(Date);
    const tables = await query<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'Submission'`,
    );
    expect(tables[0].n).toBe("1");
  });

  it("is a no-op when rerun", async () => {
    const db = await freshDb("rerun");
    const first = await migrate({ connectionString: db.url, dir: MIGRATIONS });
    const second = await migrate({ connectionString: db.url, dir: MIGRATIONS });
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(first.applied);
  });

  it("applies only the new folder when one is added", async () => {
    const db = await freshDb("added");
    const dir = await copyOfMigrations();
    await migrate({ connectionString: db.url, dir });
    await mkdir(path.join(dir, "29990101000000_add_probe"));
    await writeFile(
      path.join(dir, "29990101000000_add_probe/migration.sql"),
      `ALTER TABLE "User" ADD COLUMN "probe" TEXT;`,
    );
    const result = await migrate({ connectionString: db.url, dir });
    expect(result.applied).toEqual(["29990101000000_add_probe"]);
  });

  it("refuses an already-applied migration whose file changed, naming it", async () => {
    const db = await freshDb("checksum");
    const dir = await copyOfMigrations();
    await migrate({ connectionString: db.url, dir });
    const file = path.join(dir, initName, "migration.sql");
    await writeFile(file, `${await readFile(file, "utf8")}\n-- edited after the fact\n`);
    const run = migrate({ connectionString: db.url, dir });
    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(migrate({ connectionString: db.url, dir })).rejects.toThrow(
      new RegExp(`migration ${initName} was changed after it was applied`),
    );
  });

  it("rolls a failing migration back completely and records nothing", async () => {
    const db = await freshDb("rollback");
    const dir = await copyOfMigrations();
    await mkdir(path.join(dir, "29990101000000_broken"));
    await writeFile(
      path.join(dir, "29990101000000_broken/migration.sql"),
      `CREATE TABLE "Half" (id TEXT);\nSELECT no_such_function();`,
    );
    await expect(migrate({ connectionString: db.url, dir })).rejects.toThrow(
      /migration 29990101000000_broken failed and was rolled back/,
    );
    const names = await query<{ name: string }>(db.url, `SELECT name FROM "_migrations"`);
    // Every real migration (they sort before the broken one) is recorded; the broken one is not.
    const real = (await readdir(MIGRATIONS, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(real).toContain(initName);
    expect(names.map((r) => r.name).sort()).toEqual(real);
    const half = await query<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'Half'`,
    );
    expect(half[0].n).toBe("0");
  });

  it("serialises concurrent runners: each migration is applied exactly once", async () => {
    const db = await freshDb("concurrent");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => migrate({ connectionString: db.url, dir: MIGRATIONS })),
    );
    const appliedCounts = results.map((r) => r.applied.length);
    expect(appliedCounts.filter((n) => n > 0)).toHaveLength(1);
    const rows = await query<{ name: string }>(db.url, `SELECT name FROM "_migrations"`);
    expect(rows).toHaveLength(results.find((r) => r.applied.length)!.applied.length);
  });

  it("creates a missing database only when allowed", async () => {
    const db = await freshDb("missing", false);
    await expect(migrate({ connectionString: db.url, dir: MIGRATIONS })).rejects.toThrow(/does not exist.*--create-db/);
    const result = await migrate({ connectionString: db.url, dir: MIGRATIONS, createDatabase: true });
    expect(result.createdDatabase).toBe(true);
    expect(result.applied).toContain(initName);
  });

  it("copes with concurrent runners that all find the database missing", async () => {
    const db = await freshDb("racecreate", false);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => migrate({ connectionString: db.url, dir: MIGRATIONS, createDatabase: true })),
    );
    expect(results.filter((r) => r.applied.length > 0)).toHaveLength(1);
  });

  it("says clearly when the server is unreachable (and hides the password)", async () => {
    const url = "postgresql://someone:s3cret@127.0.0.1:1/nowhere";
    const run = migrate({ connectionString: url, dir: MIGRATIONS });
    await expect(run).rejects.toThrow(
      /cannot reach PostgreSQL at postgresql:\/\/someone:\*\*\*@127\.0\.0\.1:1\/nowhere/,
    );
    await expect(migrate({ connectionString: url, dir: MIGRATIONS })).rejects.not.toThrow(/s3cret/);
  });
});

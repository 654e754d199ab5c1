import "server-only";
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// prisma migrate needs a native engine; an advisory lock makes concurrent runners wait.

export const MIGRATIONS_TABLE = "_migrations";
const LOCK_KEY = 0x68_32_68_6d;
// For statements that cannot run in a transaction (CREATE INDEX CONCURRENTLY).
const NO_TRANSACTION_MARKER = /^--\s*migrate:no-transaction\b/m;

export type MigrationFile = { name: string; file: string; sql: string; checksum: string };
type MigrateOptions = {
  connectionString: string;
  dir?: string;
  createDatabase?: boolean;
  log?: (message: string) => void;
};
type MigrateResult = { applied: string[]; alreadyApplied: string[]; createdDatabase: boolean };

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

function checksumOf(sql: string): string {
  // A Windows checkout must not look like an edit.
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

export async function loadMigrations(dir: string): Promise<MigrationFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (err) {
    throw new MigrationError(`migrations folder not found: ${dir}`, { cause: err });
  }
  const out: MigrationFile[] = [];
  for (const name of entries.sort()) {
    const folder = path.join(dir, name);
    if (!(await stat(folder)).isDirectory()) continue;
    const file = path.join(folder, "migration.sql");
    const sql = await readFile(file, "utf8").catch(() => {
      throw new MigrationError(`migration folder ${name} has no migration.sql`);
    });
    out.push({ name, file, sql, checksum: checksumOf(sql) });
  }
  return out;
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "postgres";
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "EAI_AGAIN", "ENOENT"]);

/** No pool: migrations and backups hold one session. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

async function connectOrCreate(
  opts: MigrateOptions,
  log: (m: string) => void,
): Promise<{ client: pg.Client; created: boolean }> {
  const url = opts.connectionString;
  try {
    return { client: await connect(url), created: false };
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    if (code === "3D000" && opts.createDatabase) {
      const admin = new URL(url);
      admin.pathname = "/postgres";
      const name = databaseName(url);
      const adminClient = await connect(admin.toString()).catch((e) => {
        throw new MigrationError(
          `database "${name}" does not exist and the server's "postgres" database is unreachable to create it: ${(e as Error).message}`,
          { cause: e },
        );
      });
      try {
        await adminClient.query(`CREATE DATABASE ${quoteIdent(name)}`);
        log(`created database "${name}"`);
      } catch (e) {
        // 42P04 (or 23505 in a tight race): another runner created it meanwhile.
        const code = (e as { code?: string }).code;
        if (code !== "42P04" && code !== "23505")
          throw new MigrationError(`could not create database "${name}": ${(e as Error).message}`, { cause: e });
      } finally {
        await adminClient.end();
      }
      return { client: await connect(url), created: true };
    }
    if (code === "3D000") {
      throw new MigrationError(
        `database "${databaseName(url)}" does not exist on ${redactUrl(url)}; create it (createdb) or run with --create-db`,
        { cause: err },
      );
    }
    if (UNREACHABLE.has(code) || /timeout/i.test((err as Error).message)) {
      throw new MigrationError(
        `cannot reach PostgreSQL at ${redactUrl(url)} (${code || (err as Error).message}): is it running, and is DATABASE_URL right?`,
        { cause: err },
      );
    }
    throw new MigrationError(`cannot connect to ${redactUrl(url)}: ${(err as Error).message}`, { cause: err });
  }
}

async function applyOne(client: pg.Client, m: MigrationFile): Promise<void> {
  const record = () =>
    client.query(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
  if (NO_TRANSACTION_MARKER.test(m.sql)) {
    await client.query(m.sql);
    await record();
    return;
  }
  await client.query("BEGIN");
  try {
    await client.query(m.sql);
    await record();
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
}

export async function migrate(opts: MigrateOptions): Promise<MigrateResult> {
  const log = opts.log ?? (() => undefined);
  const dir = opts.dir ?? path.join(process.cwd(), "prisma", "migrations");
  const files = await loadMigrations(dir);
  const { client, created } = await connectOrCreate(opts, log);
  const result: MigrateResult = { applied: [], alreadyApplied: [], createdDatabase: created };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ name: string; checksum: string }>(
      `SELECT name, checksum FROM "${MIGRATIONS_TABLE}"`,
    );
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    for (const name of done.keys()) {
      if (!files.some((f) => f.name === name))
        log(`warning: migration ${name} is recorded in the database but missing from ${dir}`);
    }
    for (const m of files) {
      const recorded = done.get(m.name);
      if (recorded !== undefined) {
        if (recorded !== m.checksum) {
          throw new MigrationError(
            `migration ${m.name} was changed after it was applied (checksum ${recorded.slice(0, 12)}… in the database, ${m.checksum.slice(0, 12)}… on disk). Never edit an applied migration: revert ${path.relative(process.cwd(), m.file)} and add a new migration folder instead.`,
          );
        }
        result.alreadyApplied.push(m.name);
        continue;
      }
      const t0 = Date.now();
      try {
        await applyOne(client, m);
      } catch (err) {
        throw new MigrationError(`migration ${m.name} failed and was rolled back: ${(err as Error).message}`, {
          cause: err,
        });
      }
      result.applied.push(m.name);
      log(`applied ${m.name} (${Date.now() - t0} ms)`);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

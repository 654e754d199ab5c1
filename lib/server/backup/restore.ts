import "server-only";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import path from "node:path";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { AppError } from "../errors";
import { loadMigrations, migrate, type MigrationFile } from "../migrate";
import { appliedMigrations, applySessionSettings, connect, appTables, foreignKeyParents } from "./catalog";
import { quoteIdent, type BackupHeader } from "./format";
import { checkMigrations, checkTables, migrateToBackup } from "./restore-checks";
import { openBackup, readBackup, type BackupEvent } from "./reader";

type RestoreOptions = {
  connectionString: string;
  file: string;
  migrationsDir?: string;
  /** Empty a non-empty database first; needs `confirm` = the database's name. */
  force?: boolean;
  confirm?: string;
  /** Apply the code's newer migrations afterwards (default true). */
  migrate?: boolean;
  log?: (message: string) => void;
};
type RestoreSummary = {
  tables: Record<string, number>;
  backupMigrations: number;
  migratedAfter: string[];
  truncated: boolean;
  ms: number;
};

type Events = AsyncGenerator<BackupEvent>;

async function readHeader(events: Events): Promise<BackupHeader> {
  try {
    const first = await events.next();
    if (first.done || first.value.kind !== "header")
      throw new AppError("VALIDATION_FAILED", "invalid backup file: no header");
    return first.value.header;
  } catch (err) {
    throw asFileError(err);
  }
}

/** zlib errors mean the file is not (or no longer) a gzip stream. */
function asFileError(err: unknown): unknown {
  const code = (err as { code?: string }).code ?? "";
  return code.startsWith("Z_")
    ? new AppError("VALIDATION_FAILED", `invalid backup file: not a complete gzip file (${(err as Error).message})`)
    : err;
}

export async function checkBackup(file: string): Promise<{ header: BackupHeader; tables: Record<string, number> }> {
  const events = readBackup(openBackup(file));
  const header = await readHeader(events);
  const tables: Record<string, number> = {};
  try {
    for await (const ev of events) if (ev.kind === "end") tables[ev.table] = ev.rows;
  } catch (err) {
    throw asFileError(err);
  }
  return { header, tables };
}

/** ONE transaction, so any error rolls everything back. */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const t0 = Date.now();
  const log = opts.log ?? (() => undefined);
  const dir = opts.migrationsDir ?? path.join(process.cwd(), "prisma", "migrations");
  const code: MigrationFile[] = await loadMigrations(dir);
  const events = readBackup(openBackup(opts.file));
  const header = await readHeader(events);
  checkMigrations(header.migrations, code);

  const client = await connect(opts.connectionString);
  let truncated = false;
  const loaded: Record<string, number> = {};
  try {
    if ((await appliedMigrations(client)) === null && (await appTables(client)).length === 0) {
      log(`empty database: applying the backup's ${header.migrations.length} migrations first`);
      await migrateToBackup(opts.connectionString, dir, header.migrations.length, log);
    }
    const applied = (await appliedMigrations(client)) ?? [];
    checkMigrations(header.migrations, code, applied);

    await client.query("BEGIN");
    await applySessionSettings(client);
    const tables = await appTables(client);
    checkTables(header.tables, tables, await foreignKeyParents(client));
    const all = tables.map((t) => quoteIdent(t.name)).join(", ");
    // Nobody reads a half-restored table or writes into one while this runs.
    await client.query(`LOCK TABLE ${all} IN ACCESS EXCLUSIVE MODE`);
    const nonEmpty: string[] = [];
    for (const t of tables) {
      if ((await client.query(`SELECT 1 FROM ${quoteIdent(t.name)} LIMIT 1`)).rowCount) nonEmpty.push(t.name);
    }
    if (nonEmpty.length > 0) {
      const name = (await client.query<{ db: string }>("SELECT current_database() AS db")).rows[0].db;
      if (!opts.force) {
        throw new AppError(
          "CONFLICT",
          `database "${name}" is not empty (rows in ${nonEmpty.join(", ")}): restore into an empty database, or pass --force --confirm ${name} to delete all its data first`,
        );
      }
      if (opts.confirm !== name) {
        throw new AppError(
          "CONFLICT",
          `--force deletes every row of database "${name}": confirm with --confirm ${name}${opts.confirm ? ` (got "${opts.confirm}")` : ""}`,
        );
      }
      // The board snapshots' TRUNCATE guard lets only this confirmed restore through.
      await client.query("SET LOCAL h2hmem.restore = 'force'");
      await client.query(`TRUNCATE ${all}`);
      truncated = true;
      log(`emptied ${nonEmpty.length} tables of "${name}"`);
    }
    await loadTables(client, events, loaded, log);
    for (const [table, rows] of Object.entries(loaded)) {
      const { rows: r } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quoteIdent(table)}`);
      if (Number(r[0].n) !== rows)
        throw new AppError("INTERNAL", `table ${table} holds ${r[0].n} rows after the restore, the backup has ${rows}`);
    }
    await restoreSequences(client, header);
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw asFileError(err);
  } finally {
    await client.end().catch(() => undefined);
  }
  let migratedAfter: string[] = [];
  if (opts.migrate !== false && code.length > header.migrations.length) {
    migratedAfter = (await migrate({ connectionString: opts.connectionString, dir, log })).applied;
  }
  return { tables: loaded, backupMigrations: header.migrations.length, migratedAfter, truncated, ms: Date.now() - t0 };
}

async function loadTables(
  client: pg.Client,
  events: Events,
  loaded: Record<string, number>,
  log: (m: string) => void,
): Promise<void> {
  let copy: ReturnType<typeof copyFrom> | null = null;
  let done: Promise<void> = Promise.resolve();
  try {
    for await (const ev of events) {
      if (ev.kind === "start") {
        const cols = ev.columns.map(quoteIdent).join(", ");
        copy = client.query(copyFrom(`COPY ${quoteIdent(ev.table)} (${cols}) FROM STDIN`));
        done = finished(copy);
        done.catch(() => undefined); // observed below; avoids an unhandled rejection meanwhile
      } else if (ev.kind === "data") {
        if (!copy!.write(ev.chunk)) await Promise.race([once(copy!, "drain"), done]);
      } else if (ev.kind === "end") {
        copy!.end();
        await done;
        if (copy!.rowCount !== ev.rows)
          throw new AppError(
            "INTERNAL",
            `COPY into ${ev.table} loaded ${copy!.rowCount} rows, the backup has ${ev.rows}`,
          );
        copy = null;
        loaded[ev.table] = ev.rows;
        log(`${ev.table}: ${ev.rows} rows`);
      }
    }
  } catch (err) {
    // A COPY still open must be cancelled (CopyFail) before the connection can ROLLBACK.
    if (copy && !copy.destroyed) {
      copy.destroy(err as Error);
      await done.catch(() => undefined);
    }
    throw err;
  }
}

async function restoreSequences(client: pg.Client, header: BackupHeader): Promise<void> {
  const { rows } = await client.query<{ sequence_name: string }>(
    `SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = current_schema()`,
  );
  const inDb = rows.map((r) => r.sequence_name).sort();
  const inFile = header.sequences.map((s) => s.name).sort();
  if (JSON.stringify(inDb) !== JSON.stringify(inFile)) {
    throw new AppError(
      "CONFLICT",
      `the backup's sequences (${inFile.join(", ") || "none"}) differ from the database's (${inDb.join(", ") || "none"})`,
    );
  }
  for (const s of header.sequences) {
    await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [quoteIdent(s.name), s.lastValue, s.isCalled]);
  }
}

import "server-only";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { to as copyTo } from "pg-copy-streams";
import pkg from "../../../package.json";
import { AppError } from "../errors";
import {
  appliedMigrations,
  applySessionSettings,
  connect,
  appTables,
  foreignKeyOrder,
  foreignKeyParents,
  sequences,
} from "./catalog";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  countNewlines,
  END_OF_DATA,
  jsonLine,
  quoteIdent,
  type BackupHeader,
  type BackupTrailer,
} from "./format";

type BackupOptions = {
  connectionString: string;
  /** A file path, or a writable stream (e.g. stdout). */
  out: string | Writable;
  log?: (message: string) => void;
};
type BackupSummary = { file: string | null; tables: BackupTrailer["tables"]; migrations: number; ms: number };

/** Written to a temp name and renamed, so a failed backup never looks complete. */
export async function createBackup(opts: BackupOptions): Promise<BackupSummary> {
  const t0 = Date.now();
  const log = opts.log ?? (() => undefined);
  const client = await connect(opts.connectionString);
  const tmp = typeof opts.out === "string" ? `${opts.out}.partial-${process.pid}` : null;
  const trailer: BackupTrailer = { complete: true, tables: {} };
  let migrations = 0;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await applySessionSettings(client);
    const applied = await appliedMigrations(client);
    if (!applied)
      throw new AppError(
        "CONFLICT",
        "this database has no _migrations table: it is not an H2HMem database (or was never migrated)",
      );
    migrations = applied.length;
    const tables = foreignKeyOrder(await appTables(client), await foreignKeyParents(client));
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: pkg.version,
      createdAt: new Date().toISOString(),
      server: (await client.query<{ v: string }>("SELECT version() AS v")).rows[0].v,
      migrations: applied,
      tables,
      sequences: await sequences(client),
    };
    async function* lines(): AsyncGenerator<Buffer> {
      yield jsonLine(header);
      for (const t of tables) {
        yield jsonLine({ table: t.name, columns: t.columns });
        const hash = createHash("sha256");
        let rows = 0;
        const cols = t.columns.map(quoteIdent).join(", ");
        for await (const chunk of client.query(
          copyTo(`COPY ${quoteIdent(t.name)} (${cols}) TO STDOUT`),
        ) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          rows += countNewlines(chunk);
          yield chunk;
        }
        yield END_OF_DATA;
        const sha256 = hash.digest("hex");
        trailer.tables[t.name] = { rows, sha256 };
        yield jsonLine({ table: t.name, rows, sha256 });
        log(`${t.name}: ${rows} rows`);
      }
      yield jsonLine(trailer);
    }
    const dest = tmp ? createWriteStream(tmp) : (opts.out as Writable);
    await pipeline(Readable.from(lines()), createGzip(), dest, { end: tmp !== null });
    await client.query("COMMIT");
    if (tmp) await rename(tmp, opts.out as string);
    return {
      file: typeof opts.out === "string" ? opts.out : null,
      tables: trailer.tables,
      migrations,
      ms: Date.now() - t0,
    };
  } catch (err) {
    if (tmp) await rm(tmp, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

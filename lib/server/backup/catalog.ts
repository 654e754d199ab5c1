import "server-only";
import pg from "pg";
import { AppError } from "../errors";
import { connect as connectClient, MIGRATIONS_TABLE, redactUrl } from "../migrate";
import { quoteIdent, type BackupMigration } from "./format";

// Read from the catalog, so a table added by a future migration is covered without touching this code.

export type TableInfo = { name: string; columns: string[] };
type SequenceInfo = { name: string; lastValue: string; isCalled: boolean };

// Text forms independent of server and client configuration, for backup and restore alike.
const SESSION_SETTINGS = [
  "SET client_encoding = 'UTF8'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET TimeZone = 'UTC'",
  "SET extra_float_digits = 3",
  "SET bytea_output = 'hex'",
];

export async function connect(url: string): Promise<pg.Client> {
  try {
    return await connectClient(url);
  } catch (err) {
    throw new AppError("UNAVAILABLE", `cannot connect to ${redactUrl(url)}: ${(err as Error).message}`, { cause: err });
  }
}

export async function applySessionSettings(client: pg.Client): Promise<void> {
  for (const sql of SESSION_SETTINGS) await client.query(sql);
}

export async function appliedMigrations(client: pg.Client): Promise<BackupMigration[] | null> {
  const exists = await client.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1`,
    [MIGRATIONS_TABLE],
  );
  if (exists.rowCount === 0) return null;
  const { rows } = await client.query<BackupMigration>(
    `SELECT name, checksum FROM ${quoteIdent(MIGRATIONS_TABLE)} ORDER BY name`,
  );
  return rows;
}

// Not data: the public generation (lib/server/public-cache/) is a cache signal, which a restore moves
// forward through its triggers, so no web process keeps pages of the data it replaced.
const NOT_BACKED_UP = [MIGRATIONS_TABLE, "PublicGeneration"];

/** Every base table but the migrations bookkeeping and the public generation, with its writable columns. */
export async function appTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> ALL($1)
        AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.ordinal_position`,
    [NOT_BACKED_UP],
  );
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return [...byTable].map(([name, columns]) => ({ name, columns }));
}

/** Self-references left out: one COPY checks them. */
export async function foreignKeyParents(client: pg.Client): Promise<Map<string, Set<string>>> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.relname <> p.relname`,
  );
  const parents = new Map<string, Set<string>>();
  for (const r of rows) parents.set(r.child, (parents.get(r.child) ?? new Set()).add(r.parent));
  return parents;
}

/** Referenced tables first (ties by name, so stable). */
export function foreignKeyOrder(tables: TableInfo[], parents: Map<string, Set<string>>): TableInfo[] {
  const pending = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  const done = new Set<string>();
  const names = new Set(tables.map((t) => t.name));
  const out: TableInfo[] = [];
  while (pending.length > 0) {
    const i = pending.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => done.has(p) || !names.has(p)));
    if (i === -1) {
      throw new AppError(
        "CONFLICT",
        `foreign keys form a cycle between ${pending.map((t) => t.name).join(", ")}: the backup cannot order them`,
      );
    }
    const [t] = pending.splice(i, 1);
    done.add(t.name);
    out.push(t);
  }
  return out;
}

export async function sequences(client: pg.Client): Promise<SequenceInfo[]> {
  const { rows } = await client.query<{ sequence_name: string }>(
    `SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = current_schema() ORDER BY sequence_name`,
  );
  const out: SequenceInfo[] = [];
  for (const { sequence_name: name } of rows) {
    const r = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quoteIdent(name)}`,
    );
    out.push({ name, lastValue: r.rows[0].last_value, isCalled: r.rows[0].is_called });
  }
  return out;
}

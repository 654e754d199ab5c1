import type pg from "pg";
import type { ParsedField, ParsedSchema } from "./prisma-schema";

// Compares a parsed Prisma schema with a live PostgreSQL schema ("public") and returns
// one human-readable line per disagreement (empty = in parity).

type Column = { table: string; column: string; dataType: string; udtName: string; nullable: boolean };
type Index = { table: string; columns: string[]; unique: boolean; primary: boolean };

const IGNORED_TABLES = new Set(["_migrations"]);

// Prisma scalar -> information_schema data_type (with no @db.* native type).
const DEFAULT_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};
const NATIVE_TYPES: Record<string, string> = {
  VarChar: "character varying",
  Char: "character",
  Text: "text",
  Uuid: "uuid",
  Timestamptz: "timestamp with time zone",
  Timestamp: "timestamp without time zone",
  Date: "date",
  SmallInt: "smallint",
  Integer: "integer",
  Real: "real",
  DoublePrecision: "double precision",
  Json: "json",
  JsonB: "jsonb",
};

function expectedType(f: ParsedField): { dataType: string; udtName?: string } {
  if (f.list) return { dataType: "ARRAY" };
  if (f.kind === "enum") return { dataType: "USER-DEFINED", udtName: f.type };
  if (f.nativeType) {
    const base = f.nativeType.replace(/\(.*$/, "");
    return { dataType: NATIVE_TYPES[base] ?? base.toLowerCase() };
  }
  return { dataType: DEFAULT_TYPES[f.type] };
}

async function readDb(client: pg.Client) {
  const cols = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
  }>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const tables = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const idx = await client.query<{ table: string; columns: string[]; unique: boolean; primary: boolean }>(
    `SELECT t.relname AS table, i.indisunique AS unique, i.indisprimary AS primary,
            array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public'`,
  );
  const enums = await client.query<{ name: string; labels: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' GROUP BY t.typname`,
  );
  const columns: Column[] = cols.rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    dataType: r.data_type,
    udtName: r.udt_name,
    nullable: r.is_nullable === "YES",
  }));
  const indexes: Index[] = idx.rows;
  return {
    tables: new Set(tables.rows.map((r) => r.table_name)),
    columns,
    indexes,
    enums: Object.fromEntries(enums.rows.map((r) => [r.name, r.labels])) as Record<string, string[]>,
  };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function schemaParityProblems(client: pg.Client, schema: ParsedSchema): Promise<string[]> {
  const db = await readDb(client);
  const problems: string[] = [];
  for (const [name, values] of Object.entries(schema.enums)) {
    const actual = db.enums[name];
    if (!actual) problems.push(`enum ${name}: no such type in the database`);
    else if (!same(actual, values))
      problems.push(`enum ${name}: database has [${actual.join(", ")}], schema has [${values.join(", ")}]`);
  }
  for (const model of schema.models) {
    if (!db.tables.has(model.table)) {
      problems.push(`model ${model.name}: table "${model.table}" is missing`);
      continue;
    }
    const tableCols = db.columns.filter((c) => c.table === model.table);
    for (const f of model.fields.filter((x) => x.kind !== "relation")) {
      const col = tableCols.find((c) => c.column === f.column);
      const where = `${model.name}.${f.name}`;
      if (!col) {
        problems.push(`${where}: column "${model.table}"."${f.column}" is missing`);
        continue;
      }
      const want = expectedType(f);
      if (col.dataType !== want.dataType || (want.udtName && col.udtName !== want.udtName)) {
        problems.push(
          `${where}: type ${f.type}${f.nativeType ? ` @db.${f.nativeType}` : ""} expects ${want.udtName ?? want.dataType}, database has ${col.dataType === "USER-DEFINED" ? col.udtName : col.dataType}`,
        );
      }
      const wantNullable = f.optional && !f.list;
      if (col.nullable !== wantNullable)
        problems.push(
          `${where}: schema says ${wantNullable ? "optional" : "required"}, database column is ${col.nullable ? "NULL" : "NOT NULL"}`,
        );
    }
    const fieldCols = new Set(model.fields.map((f) => f.column));
    for (const c of tableCols) {
      if (!fieldCols.has(c.column))
        problems.push(`model ${model.name}: database column "${model.table}"."${c.column}" is not in the schema`);
    }
    const tableIdx = db.indexes.filter((i) => i.table === model.table);
    if (model.primaryKey.length && !tableIdx.some((i) => i.primary && same(i.columns, model.primaryKey))) {
      problems.push(`model ${model.name}: no primary key on (${model.primaryKey.join(", ")})`);
    }
    for (const u of model.uniques) {
      if (!tableIdx.some((i) => i.unique && same(i.columns, u)))
        problems.push(`model ${model.name}: no unique index on (${u.join(", ")})`);
    }
    for (const ix of model.indexes) {
      if (!tableIdx.some((i) => same(i.columns, ix)))
        problems.push(`model ${model.name}: no index on (${ix.join(", ")})`);
    }
  }
  const modelTables = new Set(schema.models.map((m) => m.table));
  for (const t of db.tables) {
    if (!modelTables.has(t) && !IGNORED_TABLES.has(t))
      problems.push(`database table "${t}" has no model in the schema`);
  }
  return problems;
}

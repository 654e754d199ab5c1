import "server-only";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppError } from "../errors";
import { loadMigrations, migrate, type MigrationFile } from "../migrate";
import type { TableInfo } from "./catalog";
import type { BackupHeader, BackupMigration } from "./format";

// Each refusal says what to do instead.

const list = (ms: BackupMigration[]) =>
  ms.length ? `${ms[ms.length - 1].name} (${ms.length} migrations)` : "no migrations";

/** With `applied`, the database must be at exactly the backup's migrations. */
export function checkMigrations(file: BackupMigration[], code: MigrationFile[], applied?: BackupMigration[]): void {
  for (const [i, m] of file.entries()) {
    const c = code[i];
    if (!c || c.name !== m.name) {
      throw new AppError(
        "CONFLICT",
        `the backup was made by another version of the app: its migration ${m.name} is not this code's migration #${i + 1} (${c?.name ?? "none"}). Restore it with the version of the app that made it (its app version is in the file's first line).`,
      );
    }
    if (c.checksum !== m.checksum) {
      throw new AppError(
        "CONFLICT",
        `migration ${m.name} differs between the backup and this code (checksum ${m.checksum.slice(0, 12)}… vs ${c.checksum.slice(0, 12)}…): refusing to restore.`,
      );
    }
  }
  if (!applied) return;
  const same =
    applied.length === file.length &&
    applied.every((m, i) => m.name === file[i].name && m.checksum === file[i].checksum);
  if (!same) {
    throw new AppError(
      "CONFLICT",
      `the database is at ${list(applied)} but the backup at ${list(file)}. Restore into a new database with no tables at all (createdb): the restore then applies the backup's migrations itself, loads the rows, and applies the newer ones.`,
    );
  }
}

/** The file's order must also satisfy the foreign keys. */
export function checkTables(file: BackupHeader["tables"], db: TableInfo[], parents: Map<string, Set<string>>): void {
  const fileNames = new Set(file.map((t) => t.name));
  const dbNames = new Set(db.map((t) => t.name));
  const onlyFile = [...fileNames].filter((n) => !dbNames.has(n));
  const onlyDb = [...dbNames].filter((n) => !fileNames.has(n));
  if (onlyFile.length || onlyDb.length) {
    throw new AppError(
      "CONFLICT",
      `the backup's tables differ from the database's: only in the backup: ${onlyFile.join(", ") || "none"}; only in the database: ${onlyDb.join(", ") || "none"}`,
    );
  }
  for (const t of file) {
    const dbCols = db.find((d) => d.name === t.name)!.columns;
    if ([...t.columns].sort().join("\u0000") !== [...dbCols].sort().join("\u0000")) {
      throw new AppError(
        "CONFLICT",
        `table ${t.name} has columns (${t.columns.join(", ")}) in the backup but (${dbCols.join(", ")}) in the database`,
      );
    }
  }
  const seen = new Set<string>();
  for (const t of file) {
    const missing = [...(parents.get(t.name) ?? [])].filter((p) => !seen.has(p));
    if (missing.length)
      throw new AppError(
        "CONFLICT",
        `invalid backup file: table ${t.name} comes before ${missing.join(", ")}, which it references`,
      );
    seen.add(t.name);
  }
}

/** The regular runner on a folder holding only the first `count` migrations. */
export async function migrateToBackup(
  connectionString: string,
  dir: string,
  count: number,
  log: (m: string) => void,
): Promise<void> {
  const subset = await mkdtemp(path.join(os.tmpdir(), "h2hmem-restore-migrations-"));
  try {
    for (const m of (await loadMigrations(dir)).slice(0, count))
      await cp(path.dirname(m.file), path.join(subset, m.name), { recursive: true });
    await migrate({ connectionString, dir: subset, log });
  } finally {
    await rm(subset, { recursive: true, force: true });
  }
}

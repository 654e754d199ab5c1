import "server-only";
import { z } from "zod";

// The file layout is in docs/DEPLOY.md §6; the trailer is last as the file is written in one pass.

export const BACKUP_FORMAT = "h2hmem-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const END_OF_DATA = Buffer.from("\\.\n");

const migration = z.object({ name: z.string().min(1), checksum: z.string().regex(/^[0-9a-f]{64}$/) });
const sha = z.string().regex(/^[0-9a-f]{64}$/);

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  server: z.string(),
  migrations: z.array(migration),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) })),
  sequences: z.array(
    z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
});
export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupMigration = z.infer<typeof migration>;

export const tableStartSchema = z.object({ table: z.string(), columns: z.array(z.string()) });
export const tableEndSchema = z.object({ table: z.string(), rows: z.number().int().min(0), sha256: sha });
export const trailerSchema = z.object({
  complete: z.literal(true),
  tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), sha256: sha })),
});
export type BackupTrailer = z.infer<typeof trailerSchema>;

export function jsonLine(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value)}\n`, "utf8");
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every COPY row ends with one raw newline (embedded ones are escaped). */
export function countNewlines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

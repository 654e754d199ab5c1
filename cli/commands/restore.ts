import type { Command } from "commander";
import { CliExit, EXIT_INVALID } from "../errors";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

type Opts = { force?: boolean; confirm?: string; check?: boolean; migrate: boolean; quiet?: boolean };

export function register(program: Command): void {
  program
    .command("restore <file>")
    .description(describeCommand("restore"))
    .option("--force", "delete every row of a non-empty database first (needs --confirm)")
    .option("--confirm <database>", "the target database's name, to confirm --force")
    .option("--check", "only verify the file (structure, row counts, checksums); no database needed")
    .option("--no-migrate", "do not apply this code's newer migrations after restoring an older backup")
    .option("--quiet", "print only the summary")
    .action(async (file: string, opts: Opts) => {
      const { checkBackup, restoreBackup } = await import("../../lib/server/backup/restore");
      if (opts.check) {
        try {
          const { header, tables } = await checkBackup(file);
          const rows = Object.values(tables).reduce((a, n) => a + n, 0);
          process.stdout.write(
            `OK: ${Object.keys(tables).length} tables, ${rows} rows, ${header.migrations.length} migrations, app ${header.appVersion}, made ${header.createdAt}.\n`,
          );
          return;
        } catch (e) {
          process.stderr.write(`h2hmem: ${(e as Error).message}\n`);
          throw new CliExit(EXIT_INVALID);
        }
      }
      return withDb(async () => {
        const { env } = await import("../../lib/server/env");
        const log = opts.quiet ? undefined : (m: string) => process.stderr.write(`restore: ${m}\n`);
        const s = await restoreBackup({
          connectionString: env.DATABASE_URL,
          file,
          force: opts.force,
          confirm: opts.confirm,
          migrate: opts.migrate,
          log,
        });
        const rows = Object.values(s.tables).reduce((a, n) => a + n, 0);
        const after = s.migratedAfter.length ? `; then applied ${s.migratedAfter.length} newer migrations` : "";
        process.stdout.write(
          `Restored ${Object.keys(s.tables).length} tables, ${rows} rows${s.truncated ? " (old rows deleted)" : ""}${after} (${s.ms} ms).\n`,
        );
      });
    });
}

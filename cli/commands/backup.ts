// `h2hmem backup`: needs only DATABASE_URL, no pg_dump (format: lib/server/backup/format.ts).
import type { Command } from "commander";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  program
    .command("backup <file>")
    .description(describeCommand("backup"))
    .option("--quiet", "print only the summary")
    .action(async (file: string, opts: { quiet?: boolean }) =>
      withDb(async () => {
        const { env } = await import("../../lib/server/env");
        const { createBackup } = await import("../../lib/server/backup/backup");
        // stderr, so that `h2hmem backup - | ...` pipes only the file.
        const log = opts.quiet ? undefined : (m: string) => process.stderr.write(`backup: ${m}\n`);
        const s = await createBackup({
          connectionString: env.DATABASE_URL,
          out: file === "-" ? process.stdout : file,
          log,
        });
        const rows = Object.values(s.tables).reduce((a, t) => a + t.rows, 0);
        const out = file === "-" ? process.stderr : process.stdout;
        out.write(
          `Backed up ${Object.keys(s.tables).length} tables, ${rows} rows, ${s.migrations} migrations${s.file ? ` to ${s.file}` : ""} (${s.ms} ms).\n`,
        );
      }),
    );
}

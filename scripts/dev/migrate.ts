// `npm run db:migrate [-- --create-db] [-- --dir prisma/migrations]`
// Applies prisma/migrations/*/migration.sql to DATABASE_URL (see lib/server/migrate.ts).
// Safe to run from many containers at once (advisory lock); a rerun is a no-op.
import "dotenv/config";
import path from "node:path";
import { migrate, MigrationError, redactUrl } from "../../lib/server/migrate";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dirIdx = args.indexOf("--dir");
  const dir = path.resolve(dirIdx >= 0 ? args[dirIdx + 1] : "prisma/migrations");
  const createDatabase = args.includes("--create-db") || process.env.MIGRATE_CREATE_DB === "1";
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("db:migrate: DATABASE_URL is not set (put it in .env or the environment; see .env.example)");
    return 2;
  }
  const t0 = Date.now();
  const result = await migrate({
    connectionString: url,
    dir,
    createDatabase,
    log: (m) => console.log(`db:migrate: ${m}`),
  });
  const what = result.applied.length ? `applied ${result.applied.length}` : "nothing to apply";
  console.log(
    `db:migrate: ${what}, ${result.alreadyApplied.length} already applied, ${redactUrl(url)} (${Date.now() - t0} ms)`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`db:migrate: ${err instanceof MigrationError ? err.message : (err as Error).stack}`);
    process.exit(1);
  },
);

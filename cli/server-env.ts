// Which database the server commands use: DATABASE_URL (the environment or .env), else the services
// file of a quick start in this folder, so `npx h2hmem answer-key import` works next to `npm run quickstart`.
import { existsSync } from "node:fs";
import path from "node:path";
import { UsageError } from "./errors";

/** Written by scripts/dev/quickstart.mjs (DATABASE_URL, REDIS_URL of the services it started). */
export const SERVICES_FILE = ".data/services.env";

export type ServerEnv = { database: string; source: string };

export async function loadServerEnv(): Promise<ServerEnv> {
  // In the single-file CLI this import throws NEEDS_CHECKOUT: server commands need a checkout.
  const dotenv = await import("dotenv");
  dotenv.config({ quiet: true });
  const { redactUrl } = await import("../lib/server/migrate");
  if (process.env.DATABASE_URL) return { database: redactUrl(process.env.DATABASE_URL), source: "DATABASE_URL" };
  const file = path.resolve(SERVICES_FILE);
  if (!existsSync(file))
    throw new UsageError(
      `no database: DATABASE_URL is not set (environment or .env) and there is no quick start's ${file}; set DATABASE_URL, or run \`npm run quickstart\` in this checkout and the command from its folder`,
    );
  // Only what is unset: a REDIS_URL of your own stays.
  dotenv.config({ path: file, quiet: true });
  if (!process.env.DATABASE_URL) throw new UsageError(`${file} sets no DATABASE_URL: run \`npm run quickstart\` again`);
  return { database: redactUrl(process.env.DATABASE_URL), source: `the quick start's ${SERVICES_FILE}` };
}

import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { migrate } from "@/lib/server/migrate";
import { tempDatabase, type TempDb } from "./temp-db";

/**
 * Points this test file's default database client at a fresh, migrated database, for tests of
 * deployment-wide actions (re-judge every approved entry, publish a scorer version) that must
 * not touch the rows of other files in the shared test database. Call at the top level, before
 * anything uses `db` (vitest runs each file in its own process, so the client is created here).
 */
export function withIsolatedDatabase(label: string): void {
  let temp: TempDb | undefined;
  const original = process.env.DATABASE_URL;
  beforeAll(async () => {
    temp = await tempDatabase(label);
    await migrate({ connectionString: temp.url, dir: path.resolve(import.meta.dirname, "../../prisma/migrations") });
    process.env.DATABASE_URL = temp.url;
    resetEnvCache();
  });
  afterAll(async () => {
    await db.$disconnect();
    process.env.DATABASE_URL = original;
    resetEnvCache();
    await temp?.drop();
  });
}

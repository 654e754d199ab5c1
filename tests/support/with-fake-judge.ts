import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PrismaClient } from "@/generated/prisma/client";
import { createPrismaClient } from "@/lib/server/db";
import { FakeJudgeServer } from "../../scripts/dev/fake-judge-server";

export type FakeJudgeHarness = { db: PrismaClient; fake: FakeJudgeServer };

/**
 * The set-up shared by the judge-stage integration files: a Prisma client on the test database
 * and a fake OpenAI-compatible judge on loopback, both closed after the file. Before each test
 * the fake forgets its log, faults and mode, and the judge cache is emptied, so every test pays
 * for its own judge calls (the request counts the tests assert depend on that).
 * Call once at the top level of a test file: `const { db, fake } = withFakeJudge();`
 * (not named use*: eslint's React hooks rule would claim it).
 */
export function withFakeJudge(): FakeJudgeHarness {
  // Both objects are created now (neither connects yet) so callers can destructure them;
  // the server starts listening in beforeAll. Workers inherit DATABASE_URL from the test process.
  // Created on first use, so a file that calls withIsolatedDatabase() first gets its database.
  let client: PrismaClient | undefined;
  const db = new Proxy({} as PrismaClient, {
    get(_target, prop) {
      client ??= createPrismaClient(process.env.DATABASE_URL);
      const value: unknown = Reflect.get(client, prop, client);
      return typeof value === "function" ? value.bind(client) : value;
    },
  });
  const fake = new FakeJudgeServer();
  let started = false;
  beforeAll(async () => {
    await fake.start();
    started = true;
  });
  afterAll(async () => {
    if (started) await fake.close();
    await client?.$disconnect();
  });
  beforeEach(async () => {
    fake.reset();
    await db.judgeCache.deleteMany({});
  });
  return { db, fake };
}

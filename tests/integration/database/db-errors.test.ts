// The errors Prisma 7 + @prisma/adapter-pg really raise, provoked against PostgreSQL, are
// classified by lib/server/db-errors.ts: a deadlock and an expired transaction are "retryable"
// (the worker retries), an unreachable server and a connection refused for too many connections
// "unavailable" (503 / retry). Guards against the driver adapter changing its error shapes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/generated/prisma/client";
import { createPrismaClient } from "@/lib/server/db";
import { dbErrorKind } from "@/lib/server/db-errors";
import { isTransientError } from "@/workers/errors";
import { tempDatabase, type TempDb } from "../../support/temp-db";

let scratch: TempDb;
let a: PrismaClient;
let b: PrismaClient;
const role = `limited_${process.pid}`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

beforeAll(async () => {
  scratch = await tempDatabase("dberrors");
  a = createPrismaClient(scratch.url);
  b = createPrismaClient(scratch.url);
  await a.$executeRawUnsafe("CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)");
  await a.$executeRawUnsafe("INSERT INTO t VALUES (1, 0), (2, 0)");
});

afterAll(async () => {
  await a?.$executeRawUnsafe(`DROP ROLE IF EXISTS ${role}`);
  await Promise.all([a?.$disconnect(), b?.$disconnect()]);
  await scratch?.drop();
});

describe("database errors as the driver adapter raises them", () => {
  it("a deadlock is retryable", async () => {
    // Two transactions lock the rows in opposite order; PostgreSQL aborts one of them.
    const cross = (db: PrismaClient, first: number, second: number) =>
      db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE t SET v = v + 1 WHERE id = ${first}`);
        await pause(300);
        await tx.$executeRawUnsafe(`UPDATE t SET v = v + 1 WHERE id = ${second}`);
      });
    const errors = (await Promise.all([failure(cross(a, 1, 2)), failure(cross(b, 2, 1))])).filter(Boolean);
    expect(errors).toHaveLength(1);
    expect(dbErrorKind(errors[0])).toBe("retryable");
    expect(isTransientError(errors[0])).toBe(true);
  });

  it("a transaction past its timeout is retryable", async () => {
    const err = await failure(
      a.$transaction(
        async (tx) => {
          await pause(200);
          await tx.$queryRawUnsafe("SELECT 1");
        },
        { timeout: 50 },
      ),
    );
    expect(err).toMatchObject({ code: "P2028" });
    expect(dbErrorKind(err)).toBe("retryable");
  });

  it("too many connections is unavailable", async () => {
    await a.$executeRawUnsafe(`CREATE ROLE ${role} LOGIN PASSWORD 'limited-password' CONNECTION LIMIT 0`);
    const url = new URL(scratch.url);
    url.username = role;
    url.password = "limited-password";
    const limited = createPrismaClient(url.toString());
    try {
      const err = await failure(limited.$queryRawUnsafe("SELECT 1"));
      expect(String((err as Error).message)).toMatch(/too many connections/);
      expect(dbErrorKind(err)).toBe("unavailable");
      const modelErr = await failure(limited.user.count());
      expect(dbErrorKind(modelErr)).toBe("unavailable");
    } finally {
      await limited.$disconnect();
    }
  });

  it("an unreachable server is unavailable", async () => {
    const url = new URL(scratch.url);
    url.hostname = "127.0.0.1";
    url.port = "1";
    const gone = createPrismaClient(url.toString());
    try {
      expect(dbErrorKind(await failure(gone.$queryRawUnsafe("SELECT 1")))).toBe("unavailable");
      expect(dbErrorKind(await failure(gone.user.count()))).toBe("unavailable");
    } finally {
      await gone.$disconnect();
    }
  });

  it("a constraint violation is neither", async () => {
    const err = await failure(a.$executeRawUnsafe("INSERT INTO t VALUES (1, 0)"));
    expect(err).not.toBeNull();
    expect(dbErrorKind(err)).toBeNull();
    expect(isTransientError(err)).toBe(false);
  });
});

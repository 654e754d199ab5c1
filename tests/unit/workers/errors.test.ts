// Which worker failures are retried (transient) and which fail the submission at once.
import { UnrecoverableError } from "bullmq";
import { describe, expect, it } from "vitest";
import { isTransientError, PermanentError } from "@/workers/errors";

describe("isTransientError", () => {
  it.each([
    ["connection refused (code)", Object.assign(new Error("connect failed"), { code: "ECONNREFUSED" })],
    ["connection refused (message)", new Error("connect ECONNREFUSED 127.0.0.1:5432")],
    ["Prisma cannot reach the database", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["pool timeout", Object.assign(new Error("Timed out fetching a new connection"), { code: "P2024" })],
    [
      "Postgres shutting down",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ],
    ["serialization failure", Object.assign(new Error("could not serialize access"), { code: "40001" })],
    ["wrapped in a cause", new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) })],
    ["inside an AggregateError", new AggregateError([new Error("connect ETIMEDOUT")], "all failed")],
    ["Redis offline", new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    // The database list is lib/server/db-errors.ts's; these were missing from the worker's own copy.
    ["host unreachable", Object.assign(new Error("connect EHOSTUNREACH"), { code: "EHOSTUNREACH" })],
    ["deadlock (Prisma P2034)", Object.assign(new Error("write conflict or a deadlock"), { code: "P2034" })],
    [
      "too many connections (Prisma P2037)",
      Object.assign(new Error("Too many database connections opened"), { code: "P2037" }),
    ],
    [
      "deadlock in a raw query (P2010)",
      Object.assign(new Error("Raw query failed. Code: `40P01`."), {
        code: "P2010",
        meta: {
          driverAdapterError: {
            name: "DriverAdapterError",
            cause: { kind: "TransactionWriteConflict", originalCode: "40P01" },
          },
        },
      }),
    ],
  ])("retries: %s", (_name, err) => {
    expect(isTransientError(err)).toBe(true);
  });

  it.each([
    ["a bug", new TypeError("Cannot read properties of undefined (reading 'x')")],
    ["bad stored data", new PermanentError("Stored dyadic predictions have gaps in their index sequence.")],
    [
      "a judge verdict mentioning a timeout",
      Object.assign(new Error("3 of 10 questions could not be judged (timed out)"), { name: "JudgeStageError" }),
    ],
    ["BullMQ unrecoverable", new UnrecoverableError("no")],
    [
      "a permanent verdict wrapping a connection error",
      new PermanentError("bad data", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }),
    ],
    ["unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" })],
    ["not an error", "ECONNREFUSED-looking string"],
    ["null", null],
  ])("fails at once: %s", (_name, err) => {
    expect(isTransientError(err)).toBe(false);
  });
});

// Which database errors are "unavailable" (503 / retry the job), "retryable" (retry the job)
// or neither. The shapes are those Prisma 7 with @prisma/adapter-pg raises (seen against a real
// PostgreSQL; tests/integration/database/db-errors.test.ts provokes some of them).
import { describe, expect, it } from "vitest";
import { dbErrorKind, errorChain, isDatabaseUnavailable } from "@/lib/server/db-errors";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });
// A raw query's failure: P2010 with the SQLSTATE under meta.driverAdapterError.
const rawQuery = (cause: Record<string, unknown>) =>
  Object.assign(new Error("Raw query failed."), {
    name: "PrismaClientKnownRequestError",
    code: "P2010",
    meta: { driverAdapterError: Object.assign(new Error(String(cause.kind)), { name: "DriverAdapterError", cause }) },
  });

describe("dbErrorKind: every listed code", () => {
  it.each([
    ["P1001", "can't reach database server"],
    ["P1002", "database server timed out"],
    ["P1008", "operation timed out"],
    ["P1017", "server closed the connection"],
    ["P2024", "connection pool timeout"],
    ["P2037", "too many database connections"],
    ["53300", "too_many_connections"],
    ["57P01", "admin_shutdown"],
    ["57P02", "crash_shutdown"],
    ["57P03", "cannot_connect_now"],
    ["08000", "connection_exception"],
    ["08006", "connection_failure"],
    ["08P01", "protocol_violation"],
    ["ECONNREFUSED", "socket"],
    ["ECONNRESET", "socket"],
    ["ETIMEDOUT", "socket"],
    ["EHOSTUNREACH", "socket"],
    ["EPIPE", "socket"],
    ["ENOTFOUND", "dns"],
    ["EAI_AGAIN", "dns"],
  ])("%s (%s) is unavailable", (code) => {
    expect(dbErrorKind(coded(code))).toBe("unavailable");
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each([
    ["40001", "serialization_failure"],
    ["40P01", "deadlock_detected"],
    ["P2034", "write conflict or deadlock"],
    ["P2028", "transaction API error"],
  ])("%s (%s) is retryable, not unavailable", (code) => {
    expect(dbErrorKind(coded(code))).toBe("retryable");
    expect(isDatabaseUnavailable(coded(code))).toBe(false);
  });

  it.each([
    ["P2002", "unique constraint"],
    ["P2025", "record not found"],
    ["P2003", "foreign key"],
    ["23505", "unique_violation"],
    ["42P01", "undefined_table"],
    ["22P02", "invalid_text_representation"],
    ["28P01", "invalid_password (a configuration error, not an outage)"],
    ["3D000", "invalid_catalog_name"],
  ])("%s (%s) is neither", (code) => {
    expect(dbErrorKind(coded(code))).toBeNull();
  });
});

describe("dbErrorKind: the shapes the driver adapter raises", () => {
  it("reads the SQLSTATE of a raw query's P2010", () => {
    expect(
      dbErrorKind(
        rawQuery({ kind: "TransactionWriteConflict", originalCode: "40P01", originalMessage: "deadlock detected" }),
      ),
    ).toBe("retryable");
    expect(dbErrorKind(rawQuery({ kind: "TooManyConnections", originalCode: "53300" }))).toBe("unavailable");
    expect(
      dbErrorKind(
        rawQuery({ kind: "postgres", code: "57P01", message: "terminating connection due to administrator command" }),
      ),
    ).toBe("unavailable");
    expect(dbErrorKind(rawQuery({ kind: "postgres", code: "23505" }))).toBeNull();
  });

  it.each([
    ["DatabaseNotReachable", "unavailable"],
    ["ConnectionClosed", "unavailable"],
    ["SocketTimeout", "unavailable"],
    ["TooManyConnections", "unavailable"],
    ["TransactionWriteConflict", "retryable"],
    ["UniqueConstraintViolation", null],
  ])("reads a bare DriverAdapterError of kind %s", (kind, expected) => {
    const err = Object.assign(new Error(kind), { name: "DriverAdapterError", cause: { kind } });
    expect(dbErrorKind(err)).toBe(expected);
  });

  it.each([
    ["pg", new Error("Connection terminated unexpectedly")],
    ["Prisma without a code", new Error("Can't reach database server at 127.0.0.1:1")],
    ["Prisma closed", new Error("Server has closed the connection.")],
    ["a shutdown", new Error("terminating connection due to administrator command")],
    ["max_connections", new Error("sorry, too many clients already")],
    ["a socket error's text", new Error("connect ECONNREFUSED 127.0.0.1:5432")],
  ])("recognises the text of an outage without a code: %s", (_name, err) => {
    expect(dbErrorKind(err)).toBe("unavailable");
  });

  it("looks through cause, originalError and AggregateError, and unavailable wins", () => {
    expect(dbErrorKind(new Error("query failed", { cause: coded("ECONNRESET") }))).toBe("unavailable");
    expect(dbErrorKind(Object.assign(new Error("wrapped"), { originalError: coded("57P03") }))).toBe("unavailable");
    expect(dbErrorKind(new AggregateError([new Error("x"), coded("ECONNREFUSED")], "all failed"))).toBe("unavailable");
    expect(dbErrorKind(new AggregateError([coded("40001"), coded("ECONNREFUSED")]))).toBe("unavailable");
    expect(dbErrorKind(new Error("a bug"))).toBeNull();
    expect(dbErrorKind(null)).toBeNull();
    expect(dbErrorKind("ECONNREFUSED")).toBeNull();
  });
});

describe("errorChain", () => {
  it("walks breadth first, skips what prune accepts with what it wraps, and survives a cycle", () => {
    const inner = coded("ECONNRESET");
    const pruned = Object.assign(new Error("final"), { name: "Final", cause: inner });
    const top = new Error("top", { cause: pruned });
    expect(errorChain(top)).toEqual([top, pruned, inner]);
    expect(errorChain(top, (e) => (e as Error).name === "Final")).toEqual([top]);
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(errorChain(a)).toEqual([a, b]);
  });
});

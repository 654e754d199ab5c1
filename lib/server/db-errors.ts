import "server-only";
// Recognises "the database cannot be reached right now" among the errors Prisma (with the pg
// driver adapter) and pg raise, so callers can answer 503 + Retry-After instead of a 500.
// The pg pool reconnects by itself once PostgreSQL is back; nothing else needs resetting.

const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]); // unreachable, timed out, closed, pool timeout
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATE: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, class 08 connection exceptions.
const SQLSTATE = /^(57P0[123]|08\w{3})$/;
const MESSAGES = /Connection terminated|Can't reach database server|Server has closed the connection|connect ECONNREFUSED/i;

export function isDatabaseUnavailable(e: unknown): boolean {
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 6; depth++) {
    const err = cur as { code?: unknown; message?: unknown; cause?: unknown; originalError?: unknown };
    const code = typeof err.code === "string" ? err.code : "";
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code)) return true;
    if (typeof err.message === "string" && MESSAGES.test(err.message)) return true;
    cur = err.cause ?? err.originalError;
  }
  return false;
}

import "server-only";
// Database errors worth waiting out; Prisma reports each under several shapes.

type DbErrorKind = "unavailable" | "retryable";

const UNAVAILABLE_CODES = new Set([
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: database server reached but timed out
  "P1008", // Prisma: operation timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
  "P2037", // Prisma: too many database connections opened
  "53300", // too_many_connections
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATE class 08: connection exceptions.
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

const RETRYABLE_CODES = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "P2034", // Prisma: transaction failed due to a write conflict or a deadlock
  "P2028", // Prisma: transaction API error (could not start in time, or expired)
]);

// The driver adapter's error kinds (@prisma/driver-adapter-utils).
const ADAPTER_KINDS: Record<string, DbErrorKind> = {
  DatabaseNotReachable: "unavailable",
  ConnectionClosed: "unavailable",
  SocketTimeout: "unavailable",
  TooManyConnections: "unavailable",
  TransactionWriteConflict: "retryable",
};

// Texts of the same failures where no code survived (e.g. a pg error re-thrown as a plain Error).
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Can't reach database server|Server has closed the connection|terminating connection|too many clients|\bE(CONNREFUSED|CONNRESET|TIMEDOUT)\b/i;

type Wrapper = { cause?: unknown; originalError?: unknown; meta?: { driverAdapterError?: unknown }; errors?: unknown };

/** Breadth first, leaving out those `prune` accepts with everything they wrap. */
export function errorChain(e: unknown, prune: (err: object) => boolean = () => false): object[] {
  const out: object[] = [];
  const queue: unknown[] = [e];
  while (queue.length > 0 && out.length < 20) {
    const cur = queue.shift();
    if (!cur || typeof cur !== "object" || out.includes(cur) || prune(cur)) continue;
    out.push(cur);
    const w = cur as Wrapper;
    queue.push(w.cause, w.originalError, w.meta?.driverAdapterError, ...(Array.isArray(w.errors) ? w.errors : []));
  }
  return out;
}

export function ownDbErrorKind(err: object): DbErrorKind | null {
  const { code, originalCode, kind, message } = err as Record<string, unknown>;
  for (const c of [code, originalCode]) {
    if (typeof c !== "string") continue;
    if (UNAVAILABLE_CODES.has(c) || CONNECTION_EXCEPTION.test(c)) return "unavailable";
    if (RETRYABLE_CODES.has(c)) return "retryable";
  }
  if (typeof kind === "string" && Object.hasOwn(ADAPTER_KINDS, kind)) return ADAPTER_KINDS[kind]!;
  if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return "unavailable";
  return null;
}

/** "unavailable" if anything in the chain says so, else "retryable" if anything does, else null. */
export function dbErrorKind(e: unknown): DbErrorKind | null {
  const kinds = errorChain(e).map(ownDbErrorKind);
  return kinds.includes("unavailable") ? "unavailable" : kinds.includes("retryable") ? "retryable" : null;
}

export function isDatabaseUnavailable(e: unknown): boolean {
  return dbErrorKind(e) === "unavailable";
}

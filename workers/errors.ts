import { scrubSecrets } from "@/lib/server/logger";

// Which failures are worth a retry. Transient: the database or Redis could not be reached or
// dropped the connection (BullMQ retries the job with backoff). Everything else (bad data,
// a bug) is permanent: the submission is marked FAILED with a readable reason, no retry.

const TRANSIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: database server timed out
  "P1008", // Prisma: operation timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
  "P2028", // Prisma: transaction API error (e.g. a transaction that timed out)
]);

const TRANSIENT_MESSAGE = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|connection (is )?closed|Can't reach database|timed out|too many clients|Stream isn't writeable|terminating connection/i;

// Errors that already carry a final, user-facing verdict (the judge stage retries internally).
const PERMANENT_NAMES = new Set(["PermanentError", "JudgeStageError", "UnrecoverableError"]);

export function isTransientError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 5) return false;
  const err = e as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof err.name === "string" && PERMANENT_NAMES.has(err.name)) return false;
  if (typeof err.code === "string" && TRANSIENT_CODES.has(err.code)) return true;
  if (typeof err.message === "string" && TRANSIENT_MESSAGE.test(err.message)) return true;
  if (Array.isArray(err.errors) && err.errors.some((x) => isTransientError(x, depth + 1))) return true;
  return isTransientError(err.cause, depth + 1);
}

/** A failure that no retry can fix; the message is shown to the submitter. */
export class PermanentError extends Error {
  constructor(message: string, opts?: { cause?: unknown }) {
    super(message, opts);
    this.name = "PermanentError";
  }
}

/** A readable one-liner for logs and failure reasons; connection-string credentials are masked. */
export function describeError(e: unknown): string {
  return scrubSecrets(e instanceof Error ? e.message : String(e)).slice(0, 2000);
}

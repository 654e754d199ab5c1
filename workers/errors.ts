import { errorChain, ownDbErrorKind } from "@/lib/server/db-errors";
import { scrubSecrets } from "@/lib/server/logger";

// Which failures are worth a retry. Transient: the database could not be reached or lost a race
// (lib/server/db-errors.ts has the one list), or Redis dropped the connection; BullMQ retries
// the job with backoff. Everything else (bad data, a bug) is permanent: the submission is marked
// FAILED with a readable reason, no retry.

// Redis (ioredis) and queue texts; their socket codes are the database's list's (ECONNREFUSED...).
const QUEUE_MESSAGE = /connection (is )?closed|Stream isn't writeable|timed out/i;

// Errors that already carry a final, user-facing verdict (the judge stage retries internally);
// nothing they wrap is looked at.
const PERMANENT_NAMES = new Set(["PermanentError", "JudgeStageError", "UnrecoverableError"]);
const isPermanent = (err: object) => PERMANENT_NAMES.has(String((err as { name?: unknown }).name));

export function isTransientError(e: unknown): boolean {
  return errorChain(e, isPermanent).some((err) => {
    const message = (err as { message?: unknown }).message;
    return ownDbErrorKind(err) !== null || (typeof message === "string" && QUEUE_MESSAGE.test(message));
  });
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

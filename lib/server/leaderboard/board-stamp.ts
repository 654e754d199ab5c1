import "server-only";
import { db } from "../db";

// Approved submissions only, so scoring progress does not invalidate caches.

let inFlight: Promise<string> | null = null;

export function boardStamp(): Promise<string> {
  inFlight ??= db.$queryRaw<
    Array<{ m: Date | null; c: bigint }>
  >`SELECT max("updatedAt") AS m, count(*) AS c FROM "Submission" WHERE "reviewState" = 'APPROVED'`
    .then((r) => `${r[0]?.m?.getTime() ?? 0}:${r[0]?.c ?? 0}`)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

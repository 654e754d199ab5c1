import "server-only";
import { db } from "../db";

// The stamp of what the public board shows: max(updatedAt) and count of the APPROVED
// submissions. Approval, withdrawal, re-scoring and edits of an approved entry all update its
// row (or change the count), so everything cached under the stamp (ranked board, paired
// comparisons) is rebuilt on any public change. Pending submissions are not in it: their status
// and progress updates (several a second while the worker scores) no longer throw every cache
// away. An approval sets updatedAt to now, so approving one entry while withdrawing another
// still changes the stamp. Concurrent requests share the one query in flight.

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

import type { Logger } from "@/lib/server/logger";
import { storeInjectionFlag, unflaggedSubmissions } from "@/lib/server/scores/injection-flags";

// Safe in many workers at once: the store is an upsert.

const BATCH = 100;

export async function backfillInjectionFlags(log: Logger): Promise<{ filled: number }> {
  let filled = 0;
  for (;;) {
    const batch = await unflaggedSubmissions(BATCH);
    if (batch.length === 0) break;
    let stored = 0;
    for (const id of batch) {
      // A submission deleted meanwhile fails its foreign key; the next select no longer lists it.
      try {
        await storeInjectionFlag(id);
        stored++;
      } catch (e) {
        log.warn({ submissionId: id, err: (e as Error).message }, "judge-injection flag not stored");
      }
    }
    filled += stored;
    if (stored === 0) break; // nothing stored in a whole batch: leave the rest to the next start
  }
  if (filled) log.info({ filled }, "judge-injection flags backfilled");
  return { filled };
}

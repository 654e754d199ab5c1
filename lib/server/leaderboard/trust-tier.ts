import "server-only";
import { checkReproduction, type MainTypeAgreement, type ReproductionPair } from "@/lib/scoring";
import { db } from "../db";
import { StampedMemo } from "../public-cache/generation";
import { approvedScored, questionResultsOf } from "../scores/run-scores";

// Trust tiers (docs/TRUST.md, docs/SCORING.md §9e), strongest first. A reproduction is another account's
// approved upload declared `reproduces: <entry id>`; it never changes the entry's scores and never ranks.
export const TIERS = ["maintainer-rerun", "reproduced", "ci-verified", "uploaded"] as const;
export type Tier = (typeof TIERS)[number];

export type Reproduction = {
  id: string;
  methodName: string;
  createdAt: string;
  /** An admin marked it as run by the maintainers. */
  maintainerRerun: boolean;
  agrees: boolean;
  /** Per main type: reproduction minus original over the questions both scored, with the 95% interval. */
  mainTypes: MainTypeAgreement[];
  /** Its own overall micro means (F1, judge where judged), over the same questions. */
  f1: number | null;
  judge: number | null;
};

const memo = new StampedMemo<Reproduction[]>(500);

const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : null);

export function reproductionsOf(entryId: string, scorerVersion: string): Promise<Reproduction[]> {
  return memo.get(`${entryId}|${scorerVersion}`, async () => {
    const rows = await db.submission.findMany({
      where: { reproduces: entryId, ...approvedScored(scorerVersion) },
      orderBy: { createdAt: "asc" },
      select: { id: true, methodName: true, createdAt: true, maintainerRerunAt: true },
    });
    if (rows.length === 0) return [];
    const original = await questionResultsOf(entryId, scorerVersion);
    return Promise.all(
      rows.map(async (r) => {
        const mine = await questionResultsOf(r.id, scorerVersion);
        const pairs: ReproductionPair[] = [];
        for (const [k, o] of original) {
          const x = mine.get(k);
          if (!x || o.metrics.f1 == null || x.metrics.f1 == null) continue;
          pairs.push({
            category: o.category,
            f1: [o.metrics.f1, x.metrics.f1],
            judge: [o.metrics.judge ?? null, x.metrics.judge ?? null],
          });
        }
        const check = checkReproduction(pairs);
        const judged = pairs.flatMap((p) => (p.judge[1] === null ? [] : [p.judge[1]]));
        return {
          id: r.id,
          methodName: r.methodName,
          createdAt: r.createdAt.toISOString(),
          maintainerRerun: r.maintainerRerunAt !== null,
          agrees: check.agrees,
          mainTypes: check.mainTypes,
          f1: mean(pairs.map((p) => p.f1[1])),
          judge: mean(judged),
        };
      }),
    );
  });
}

export function tierOf(ciVerified: boolean, reproductions: Reproduction[]): Tier {
  const agreeing = reproductions.filter((r) => r.agrees);
  if (agreeing.some((r) => r.maintainerRerun)) return "maintainer-rerun";
  if (agreeing.length > 0) return "reproduced";
  return ciVerified ? "ci-verified" : "uploaded";
}

/** One query for the board; only entries with reproductions cost a check. */
export async function tiersOf(
  entries: Array<{ id: string; ciVerified?: unknown }>,
  scorerVersion: string,
): Promise<Map<string, { tier: Tier }>> {
  const groups = await db.submission.groupBy({
    by: ["reproduces"],
    where: { reproduces: { in: entries.map((e) => e.id) }, ...approvedScored(scorerVersion) },
  });
  const reproduced = new Set(groups.map((g) => g.reproduces!));
  const out = new Map<string, { tier: Tier }>();
  await Promise.all(
    entries.map(async (e) => {
      const list = reproduced.has(e.id) ? await reproductionsOf(e.id, scorerVersion) : [];
      out.set(e.id, { tier: tierOf(Boolean(e.ciVerified), list) });
    }),
  );
  return out;
}

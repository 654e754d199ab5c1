import { useTranslations } from "next-intl";
import type { Tier } from "@/lib/server/leaderboard/trust-tier";

// The trust tier as a compact mark (docs/TRUST.md): nothing for a plain upload, since the CI badge
// already marks ci-verified; the legend and the title say it in words (WCAG 1.4.1).
export const TIER_MARKS: Partial<Record<Tier, string>> = { reproduced: "✓R", "maintainer-rerun": "✓M" };

export function TierMark({ tier, runs }: { tier: Tier; runs: number }) {
  const t = useTranslations("trust");
  const mark = TIER_MARKS[tier];
  return (
    <>
      {mark ? (
        <span
          className="ml-1 inline-block rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-950 dark:bg-sky-900 dark:text-sky-50"
          title={t(`tier.${tier}`)}
          data-testid="tier-mark"
        >
          <span aria-hidden="true">{mark}</span>
          <span className="sr-only">{t(`tier.${tier}`)}</span>
        </span>
      ) : null}
      {runs > 1 ? (
        <span className="ml-1 text-xs text-slate-700 dark:text-slate-300" data-testid="runs-k">
          {t("runsK", { k: runs })}
        </span>
      ) : null}
    </>
  );
}

export function TierLegend() {
  const t = useTranslations("trust");
  return (
    <span data-testid="tier-legend">
      {Object.entries(TIER_MARKS).map(([tier, mark]) => (
        <span key={tier} className="mr-3">
          <span aria-hidden="true">{mark}</span> {t(`tier.${tier as Tier}`)}
        </span>
      ))}
      {t("legendRuns")}
    </span>
  );
}

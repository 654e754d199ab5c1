import { useTranslations } from "next-intl";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { viewQuery } from "@/lib/server/leaderboard/params";
import { LOW_N_MARK } from "./cell-text";
import { JUDGE_CARD_HREF, NOISE_MARK } from "./judge-noise-mark";
import { TierLegend } from "@/components/trust/tier-mark";

// The board's marks in words (WCAG 1.4.1); the intervals switch is a plain link so it works without JavaScript.

/** The URL parameter of the switch; the board page reads it (not part of the API's view params). */
export const INTERVALS_PARAM = "intervals";

function intervalsHref(params: LeaderboardParams, show: boolean): string {
  const sp = new URLSearchParams(viewQuery(params));
  if (show) sp.set(INTERVALS_PARAM, "1");
  const s = sp.toString();
  return s ? `/?${s}` : "/";
}

type Props = {
  params: LeaderboardParams;
  lowNMin: number;
  hasReferences: boolean;
  showIntervals: boolean;
  /** The judge column may carry the within-judge-noise mark (its noise is measured). */
  noise?: boolean;
};

export function BoardLegend({ params, lowNMin, hasReferences, showIntervals, noise = false }: Props) {
  const t = useTranslations("intervals");
  const tj = useTranslations("judgeCard");
  return (
    <div
      className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
      data-testid="board-legend"
    >
      <a href={intervalsHref(params, !showIntervals)} className="font-medium" data-testid="intervals-switch">
        {t(showIntervals ? "switchHide" : "switchShow")}
      </a>
      <span>{t("legendCells")}</span>
      {lowNMin > 0 ? (
        <span data-testid="low-n-legend">
          <span className="low-n-mark" aria-hidden="true">
            {LOW_N_MARK}
          </span>{" "}
          {t("legendLowN", { min: lowNMin })}
        </span>
      ) : null}
      {hasReferences ? (
        <span data-testid="below-reference-legend">
          <span className="font-semibold text-red-700 dark:text-red-300" aria-hidden="true">
            ▾
          </span>{" "}
          {t("legendBelow")}
        </span>
      ) : null}
      <TierLegend />
      {noise ? (
        <span data-testid="judge-noise-legend">
          <span className="font-semibold text-sky-800 dark:text-sky-300" aria-hidden="true">
            {NOISE_MARK}
          </span>{" "}
          {tj("legendNoise")} <a href={JUDGE_CARD_HREF}>{tj("cardLink")}</a>
        </span>
      ) : null}
    </div>
  );
}

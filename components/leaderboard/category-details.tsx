import { useLocale, useTranslations } from "next-intl";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import type { ScoreCell } from "@/lib/server/scores/score-rows";
import { isLowN } from "@/components/ui/format";
import { formatter } from "@/lib/i18n/format";
import { hrefWith } from "./controls";
import { LOW_N_MARK, intervalText } from "./heat-cell";
import { ViewLink } from "./view-link";

type Props = {
  mainTypes: Partial<Record<MainType, ScoreCell>>;
  categories: Partial<Record<CategoryCode, ScoreCell>>;
  params: LeaderboardParams;
  lowNMin?: number;
  /** the best trivial reference per category: a value below it is marked ▾ */
  best?: Partial<Record<string, number>>;
};

function Score({ cell, lowNMin, below }: { cell: ScoreCell | undefined; lowNMin: number; below?: boolean }) {
  const t = useTranslations("board.table");
  const ti = useTranslations("intervals");
  const f = formatter(useLocale());
  if (!cell) return <dd>–</dd>;
  const low = isLowN(cell.n, lowNMin);
  const ci = intervalText(f, cell);
  return (
    <dd className="tabular-nums" data-below-reference={below ? "" : undefined}>
      {f.score(cell.value, 2)}
      {low ? (
        <span className="low-n-mark" aria-label={t("lowNMark", { n: cell.n })}>
          {LOW_N_MARK}
        </span>
      ) : null}
      {below ? <span className="sr-only"> ({ti("belowShort")})</span> : null}
      {/* A phone has no hover: the interval and n are printed (issue 32). */}
      <span className="block text-[0.7rem] leading-tight text-slate-700 dark:text-slate-300" data-testid="panel-ci">
        {ci ? ti("panelCi", { ci, n: cell.n }) : `n ${cell.n}`}
      </span>
    </dd>
  );
}

/** A phone shows rank, method and headline; the rest is one tap away in a plain <details> (no JavaScript). */
export function CategoryDetails({ mainTypes, categories, params, lowNMin = 0, best = {} }: Props) {
  const t = useTranslations("board.table");
  const names = useTranslations("categories");
  const mainNames = useTranslations("mainTypes");
  return (
    <details className="mt-1 text-xs sm:hidden" data-testid="row-categories">
      <summary className="cursor-pointer text-blue-700 dark:text-blue-300">{t("categories")}</summary>
      {MAIN_TYPES.map((m) => (
        <div key={m} className="mt-1">
          <dl className="flex justify-between gap-2 font-medium">
            <dt>{mainNames(m)}</dt>
            <Score cell={mainTypes[m]} lowNMin={lowNMin} />
          </dl>
          <dl className="grid grid-cols-3 gap-1">
            {CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m).map((c) => (
              <div
                key={c}
                className="heat rounded px-1 text-center"
                style={{ ["--v" as string]: categories[c]?.value ?? 0 }}
                data-testid={`row-cat-${c}`}
              >
                <dt>
                  <ViewLink
                    href={hrefWith(params, { sort: `-${c}` })}
                    className="text-inherit"
                    title={t("rankBy", { name: names(c) })}
                  >
                    {c}
                  </ViewLink>
                </dt>
                <Score
                  cell={categories[c]}
                  lowNMin={lowNMin}
                  below={best[c] !== undefined && categories[c] !== undefined && categories[c].value < best[c]}
                />
              </div>
            ))}
          </dl>
        </div>
      ))}
    </details>
  );
}

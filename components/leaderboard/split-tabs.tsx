import { useTranslations } from "next-intl";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { hrefWith } from "./controls";
import { ViewLink } from "./view-link";
import { SPLIT_ORDER } from "@/components/ui/format";

export function SplitTabs({ params }: { params: LeaderboardParams }) {
  const t = useTranslations("board");
  const splits = useTranslations("splits");
  return (
    <nav aria-label={t("splitNav")} className="border-b border-slate-300 dark:border-slate-700">
      <ul className="-mb-px flex gap-1">
        {SPLIT_ORDER.map((s) => {
          const current = params.split === s;
          return (
            <li key={s}>
              <ViewLink
                href={hrefWith(params, { split: s })}
                aria-current={current ? "page" : undefined}
                className={`inline-block rounded-t border px-3 py-1.5 no-underline ${current ? "border-slate-300 border-b-white bg-white font-semibold text-slate-900 dark:border-slate-700 dark:border-b-slate-950 dark:bg-slate-950 dark:text-slate-100" : "border-transparent text-blue-700 dark:text-blue-300"}`}
              >
                {splits(s)}
              </ViewLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useTranslations } from "next-intl";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { TRACKS } from "@/lib/validation/tracks";
import { hrefWith } from "./controls";
import { ViewLink } from "./view-link";

/** Plain links (no JavaScript needed): each track is ranked on its own (issue 48). */
export function TrackSwitch({ params }: { params: LeaderboardParams }) {
  const t = useTranslations("tracks");
  return (
    <nav aria-label={t("switch")} className="flex flex-wrap items-center gap-2 text-sm" data-testid="track-switch">
      <span className="font-medium">{t("switch")}:</span>
      {TRACKS.map((k) => {
        const current = params.track === k;
        return (
          <ViewLink
            key={k}
            href={hrefWith(params, { track: k })}
            aria-current={current ? "page" : undefined}
            data-track={k}
            className={`rounded-full border px-3 py-1 no-underline ${current ? "border-slate-700 bg-slate-800 font-semibold text-white dark:border-slate-300 dark:bg-slate-200 dark:text-slate-900" : "border-slate-300 text-blue-700 dark:border-slate-700 dark:text-blue-300"}`}
          >
            {t(k)}
          </ViewLink>
        );
      })}
    </nav>
  );
}

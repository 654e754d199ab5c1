import { useTranslations } from "next-intl";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { hrefWith } from "./controls";
import { ViewLink } from "./view-link";

export function Pagination({ params, pages, total }: { params: LeaderboardParams; pages: number; total: number }) {
  const t = useTranslations("board.pagination");
  if (pages <= 1) return null;
  const p = params.page;
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center gap-3 text-sm">
      {p > 1 ? (
        <ViewLink href={hrefWith(params, { page: p - 1 })} rel="prev">
          {t("previous")}
        </ViewLink>
      ) : null}
      <span>{t("status", { page: p, pages, total })}</span>
      {p < pages ? (
        <ViewLink href={hrefWith(params, { page: p + 1 })} rel="next">
          {t("next")}
        </ViewLink>
      ) : null}
    </nav>
  );
}

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { hrefWith } from "./controls";
import { ViewLink } from "./view-link";
import { Th } from "@/components/ui/table";

type Props = {
  params: LeaderboardParams;
  sortKey: string;
  label: string;
  title?: string;
  className?: string;
  rowSpan?: number;
  /** Shown under the sort link (e.g. the judge column's link to the judge card). */
  children?: ReactNode;
};

export function SortHeader({ params, sortKey, label, title, className, rowSpan, children }: Props) {
  const t = useTranslations("board.table");
  const active = params.sort === sortKey ? "ascending" : params.sort === `-${sortKey}` ? "descending" : undefined;
  // Scores sort best-first on the first click; names, dates and ranks ascending.
  const firstDesc = !["method", "org", "date", "rank"].includes(sortKey);
  const next =
    active === undefined ? (firstDesc ? `-${sortKey}` : sortKey) : active === "ascending" ? `-${sortKey}` : sortKey;
  const how = next.startsWith("-") ? "descending" : "ascending";
  return (
    <Th
      pad={className ? "none" : "md"}
      rowSpan={rowSpan}
      aria-sort={active ?? "none"}
      className={className ?? "text-right"}
    >
      <ViewLink
        href={hrefWith(params, { sort: next })}
        className="text-inherit"
        title={t("sortTitle", { label: title ?? label, direction: how })}
        data-sort={sortKey}
      >
        {title ? <abbr title={title}>{label}</abbr> : label}
        {active === "ascending" ? " ▲" : active === "descending" ? " ▼" : ""}
      </ViewLink>
      {children}
    </Th>
  );
}

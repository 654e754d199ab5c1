import Link from "next/link";
import type { LeaderboardParams } from "@/lib/server/queries/leaderboard-params";
import { hrefWith } from "./controls";

/** Column header that toggles sorting by its key; aria-sort tells screen readers the state. */
export function SortHeader({ params, sortKey, label, title, className }: { params: LeaderboardParams; sortKey: string; label: string; title?: string; className?: string }) {
  const active = params.sort === sortKey ? "ascending" : params.sort === `-${sortKey}` ? "descending" : undefined;
  // Scores sort best-first on the first click; names and dates ascending.
  const firstDesc = !["method", "date", "rank"].includes(sortKey);
  const next = active === undefined ? (firstDesc ? `-${sortKey}` : sortKey) : active === "ascending" ? `-${sortKey}` : sortKey;
  return (
    <th scope="col" aria-sort={active ?? "none"} className={className ?? "px-2 py-1 text-right"}>
      <Link href={hrefWith(params, { sort: next })} className="text-inherit">
        {title ? <abbr title={title}>{label}</abbr> : label}
        {active === "ascending" ? " ▲" : active === "descending" ? " ▼" : ""}
      </Link>
    </th>
  );
}

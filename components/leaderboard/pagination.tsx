import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { hrefWith } from "./controls";
import { ViewLink } from "./view-link";

export function Pagination({ params, pages, total }: { params: LeaderboardParams; pages: number; total: number }) {
  if (pages <= 1) return null;
  const p = params.page;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      {p > 1 ? <ViewLink href={hrefWith(params, { page: p - 1 })} rel="prev">Previous page</ViewLink> : null}
      <span>Page {p} of {pages} ({total} entries)</span>
      {p < pages ? <ViewLink href={hrefWith(params, { page: p + 1 })} rel="next">Next page</ViewLink> : null}
    </nav>
  );
}

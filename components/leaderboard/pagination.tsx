import Link from "next/link";
import type { LeaderboardParams } from "@/lib/server/queries/leaderboard-params";
import { hrefWith } from "./controls";

export function Pagination({ params, pages, total }: { params: LeaderboardParams; pages: number; total: number }) {
  if (pages <= 1) return null;
  const p = params.page;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      {p > 1 ? <Link href={hrefWith(params, { page: p - 1 })} rel="prev">Previous page</Link> : null}
      <span>Page {p} of {pages} ({total} entries)</span>
      {p < pages ? <Link href={hrefWith(params, { page: p + 1 })} rel="next">Next page</Link> : null}
    </nav>
  );
}

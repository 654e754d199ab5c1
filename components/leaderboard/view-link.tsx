import type { ComponentProps } from "react";

/**
 * A plain link for board views (tabs, sort, pages) and entries. It loads the page as a document,
 * which the page micro-cache serves (lib/server/leaderboard/page-cache.ts); a next/link would fetch an
 * uncached RSC render instead, and prefetch one for every such link on screen (~45 per board).
 */
export function ViewLink(props: ComponentProps<"a"> & { href: string }) {
  return <a {...props} />;
}

"use client";

import { useEffect, useRef, type ReactNode } from "react";

// Open as served (works without JavaScript), closed on phones once the page runs, so the first screen shows the board.
const PHONE_QUERY = "(max-width: 639px)";

export function FiltersDisclosure({ summary, children }: { summary: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (window.matchMedia(PHONE_QUERY).matches) ref.current?.removeAttribute("open");
  }, []);
  return (
    <details ref={ref} open className="board-filters" data-testid="board-filters">
      <summary className="cursor-pointer text-sm font-medium sm:hidden">{summary}</summary>
      <div className="max-sm:mt-2">{children}</div>
    </details>
  );
}

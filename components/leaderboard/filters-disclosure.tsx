"use client";

import { useEffect, useRef, type ReactNode } from "react";

// The board's filter form in a disclosure that is open as served (without JavaScript the form is
// simply there, and on wider screens its summary is hidden), and closed once the page runs on a
// phone, so that the first screen shows the board itself (issue 17: rank, method and headline).
export const PHONE_QUERY = "(max-width: 639px)";

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

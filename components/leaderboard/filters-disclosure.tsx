import type { ReactNode } from "react";
import { scriptNonce } from "@/lib/server/csp-nonce";

// Open as served (works without JavaScript); on a phone an inline script closes it while the page
// is parsed, so the first screen shows the board and nothing below moves once React hydrates.
const ID = "board-filters";
const FOLD = `if(matchMedia("(max-width: 639px)").matches)document.getElementById("${ID}").removeAttribute("open")`;

export async function FiltersDisclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <>
      {/* The script may have removed `open` before hydration: not a mismatch to report. */}
      <details id={ID} open className="board-filters" data-testid="board-filters" suppressHydrationWarning>
        <summary className="cursor-pointer text-sm font-medium sm:hidden">{summary}</summary>
        <div className="max-sm:mt-2">{children}</div>
      </details>
      <script nonce={await scriptNonce()} dangerouslySetInnerHTML={{ __html: FOLD }} />
    </>
  );
}

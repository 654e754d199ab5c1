import type { ScoreCell } from "@/lib/server/scores/score-rows";
import { fmt, fmtCi, isLowN } from "@/components/ui/format";

/**
 * A cell below the best trivial reference gets `data-below-reference` (▾ drawn by CSS, so the
 * cell's text stays the number) and says so in its title.
 * Number always visible; the background alpha scales with the value (0..1) and stays light
 * enough (at most 45% over the page colour) that body text keeps AA contrast in both themes.
 */
type Props = {
  cell: ScoreCell | undefined;
  digits?: number;
  label?: string;
  testId?: string;
  /** Cells over fewer questions are marked low-n (LOW_N_MIN; 0 = never). */
  lowNMin?: number;
  /** padding and alignment come from the table */
  compact?: boolean;
  /** The best trivial reference score in this scope: a value below it is marked ▾. */
  reference?: number;
  /** extra classes, e.g. the board hides category columns on a phone */
  className?: string;
};

export function HeatCell({ cell, digits = 2, label, testId, lowNMin = 0, compact = false, reference, className = "" }: Props) {
  if (!cell) return <td className={`px-2 py-1 text-center text-slate-600 dark:text-slate-400 ${className}`} title={`${label ?? ""}: no score`}>–</td>;
  // Two decimals are plenty for a background; short attributes keep a 50-row board light.
  const v = Math.round(Math.max(0, Math.min(1, cell.value)) * 100) / 100;
  const low = isLowN(cell.n, lowNMin);
  const below = reference !== undefined && cell.value < reference;
  const title = `${compact ? "" : `${label ?? ""} `}${cell.value.toFixed(4)} ${fmtCi(cell.ciLow, cell.ciHigh)} n=${cell.n}${low ? ` (low n: fewer than ${lowNMin})` : ""}${below ? ` · below the best trivial reference (${reference.toFixed(4)})` : ""}`;
  return (
    <td className={`${compact ? "heat" : "heat px-2 py-1 text-right tabular-nums"}${low ? " low-n" : ""} ${className}`.trimEnd()} style={{ ["--v" as string]: v }} data-testid={testId} data-n={cell.n} data-low-n={low ? "" : undefined} data-below-reference={below ? "" : undefined} title={title}>
      {fmt(cell.value, digits)}
      {low ? <span className="low-n-mark" aria-label={`low n, n=${cell.n}`}>ⁿ</span> : null}
    </td>
  );
}
